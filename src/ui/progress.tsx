import { Progress as ArkProgress } from '@ark-ui/react/progress'
import { css } from 'styled-system/css'

/** A linear progress bar (Ark: role=progressbar with its value), named by `label`; the value text is what the caller formats. */
export function ProgressBar({ value, label, valueText, testId }: { value: number; label: string; valueText: string; testId?: string }) {
  return (
    <ArkProgress.Root
      value={value}
      min={0}
      max={100}
      translations={{ value: () => valueText }}
      className={css({ display: 'flex', flexDirection: 'column', gap: '1', width: 'full' })}
      data-testid={testId}
    >
      <ArkProgress.Label className={css({ srOnly: true })}>{label}</ArkProgress.Label>
      <ArkProgress.Track className={css({ height: '1.5', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}>
        <ArkProgress.Range className={css({ height: 'full', bg: 'accent.default', transition: 'width 0.2s' })} />
      </ArkProgress.Track>
    </ArkProgress.Root>
  )
}
