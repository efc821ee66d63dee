import { creditCodeCheckChar } from '../../../contract/china-ids'
import type { PaymentBank } from '../../../contract/markets'

/** Demo codes carry a valid check character. */
const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17)

export type DemoMarket = {
  name: string
  account: string
  password: string
  paymentBank: PaymentBank
  creditCode: string
  address: string
  stallCount: number
  complaintPhone: string
  legalPersonName: string
  legalPersonPhone: string
  managerName: string
  managerPhone: string
  registeredOn: string
}

const CITIES = [
  { city: '廊坊市', area: '0316', district: '广阳区', region: '131003' },
  { city: '石家庄市', area: '0311', district: '裕华区', region: '130108' },
  { city: '保定市', area: '0312', district: '莲池区', region: '130606' },
  { city: '唐山市', area: '0315', district: '路北区', region: '130203' },
  { city: '邯郸市', area: '0310', district: '丛台区', region: '130403' },
  { city: '沧州市', area: '0317', district: '运河区', region: '130903' },
  { city: '衡水市', area: '0318', district: '桃城区', region: '131102' },
]
const NAMES = [
  '新华',
  '裕华',
  '莲池',
  '建设',
  '胜利',
  '和平',
  '人民',
  '解放',
  '光明',
  '幸福',
  '东风',
  '长安',
  '友谊',
  '阳光',
  '丰收',
  '金桥',
  '惠民',
  '百姓',
  '永安',
  '民生',
  '团结',
  '文化',
  '北关',
]
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴']
const GIVEN = ['建国', '秀英', '海燕', '志强', '丽华', '国强', '桂兰', '明', '静', '伟']
const BANKS: PaymentBank[] = ['ICBC', 'ABC', 'BOC', 'CCB', 'BOCOM', 'PSBC', 'RCC']

/** Demo markets across Hebei; the first is the demo MARKET account of the README (0314888). */
export function demoMarkets(): DemoMarket[] {
  return NAMES.map((name, i) => {
    const place = CITIES[i % CITIES.length] as (typeof CITIES)[number]
    const person = (k: number) => `${SURNAMES[(i + k) % SURNAMES.length]}${GIVEN[(i * 3 + k) % GIVEN.length]}`
    const mobile = (k: number) => `13${(i * 7 + k) % 10}${String(10_000_000 + i * 7919 + k * 104_729).slice(-8)}`
    const day = 1 + ((i * 11) % 27)
    return {
      name: `${place.city}${name}农贸市场`,
      account: i === 0 ? '0314888' : `${place.area}${String(600 + i * 13)}`,
      password: 'Market123',
      paymentBank: BANKS[i % BANKS.length] as PaymentBank,
      creditCode: creditCode(
        `9${i % 2 === 0 ? '1' : '2'}${place.region}MA0${String(1000 + i * 37).padStart(4, '0')}K${(i % 9) + 1}`,
      ),
      address: `河北省${place.city}${place.district}${name}路 ${18 + i} 号`,
      stallCount: 60 + ((i * 37) % 240),
      complaintPhone: `${place.area}-${String(2_000_000 + i * 4_391).slice(-7)}`,
      legalPersonName: person(0),
      legalPersonPhone: mobile(1),
      managerName: person(1),
      managerPhone: mobile(2),
      registeredOn: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    }
  })
}
