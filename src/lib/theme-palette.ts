import { generate } from '@arco-design/color'

/** The 10-step palette of a theme colour (Arco's algorithm; #165DFF gives the default ramp). */
export function paletteFor(color: string, dark: boolean): string[] {
  return generate(color, { list: true, dark })
}
