import type { ComponentType } from 'react'
import { defineExtensionPoint } from '../../src/plugin-host/extension-point.ts'

/**
 * The results feature's public part: what other features may import of it (the boundary check,
 * .dependency-cruiser.js, refuses anything else). Kept to declarations: it loads with every manifest.
 *
 * /results gathers the latest results of every feature that has some, each in its own section: the
 * results live with the feature that makes them (exams' at /exams/results, the spec's "Exams:
 * results (latest, archive)"), and this page only shows what they contribute, so it never imports them.
 */

/** A section of the /results page, shown to those holding every one of `roles`; it brings its own heading and its link to the full list. */
export interface ResultsSection {
  /** Unique among the sections. */
  readonly id: string
  /** Its place on the page, lowest first. */
  readonly order: number
  readonly roles?: ReadonlyArray<string>
  readonly section: () => Promise<{ readonly default: ComponentType }>
}

/** Extension point: the sections of the /results page, in `order`. */
export const resultsSections = defineExtensionPoint<ResultsSection>('results.sections', (section) => section.id)
