// @arco-design/color ships no types; only the call we use is declared.
declare module '@arco-design/color' {
  export function generate(
    color: string,
    options: { list: true; dark?: boolean; format?: 'hex' | 'rgb' | 'hsl' },
  ): string[]
}
