import { Context } from 'effect'
import type { UploadPurpose } from '../../contracts/attachments.ts'

/**
 * An upload purpose as the server takes it: its rules (the feature's contract), the catalogue code
 * answered when an account holds as many of its uploads nothing names yet as it may, and how those
 * are counted. A feature registers its purposes with one line on its declaration
 * (`uploadPurposes` in plugins/<id>/server/feature.ts); upload-limits.ts reads them from here.
 */
export interface ServerUploadPurpose {
  readonly purpose: UploadPurpose
  readonly pendingRefusal: number
  /**
   * Counts the stored files of one key that nothing names yet: a `SELECT count(*)` whose `$1` is the
   * account, `$2` the scope (the purpose's id and the key) and `$3`… the key's parts in the order
   * of `purpose.pending.keyedBy` (`$school` bound), run in one statement with the count of uploads
   * under way, so both are read at one instant.
   */
  readonly pendingSql: string
}

/** The registered purposes by id. */
export class UploadPurposes extends Context.Service<UploadPurposes, ReadonlyMap<string, ServerUploadPurpose>>()('fasl/UploadPurposes') {}

/** The purposes the features register, by id; two with one id fail the server's start, naming both features. */
export const uploadPurposesOf = (features: ReadonlyArray<{ readonly id: string; readonly uploadPurposes?: ReadonlyArray<ServerUploadPurpose> }>) => {
  const byId = new Map<string, ServerUploadPurpose & { readonly featureId: string }>()
  for (const feature of features)
    for (const registered of feature.uploadPurposes ?? []) {
      const taken = byId.get(registered.purpose.id)
      if (taken !== undefined) throw new Error(`upload purpose ${registered.purpose.id} is registered by both ${taken.featureId} and ${feature.id}`)
      byId.set(registered.purpose.id, { ...registered, featureId: feature.id })
    }
  return byId as ReadonlyMap<string, ServerUploadPurpose>
}
