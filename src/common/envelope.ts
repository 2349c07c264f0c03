import { SUCCESS_CODE, SUCCESS_MESSAGE } from './error-catalogue.ts'
import type { Lang } from './language.ts'

/** The operation status envelope of a successful mutating operation. */
export const operationStatus = (lang: Lang) => ({
  operationStatusCode: SUCCESS_CODE,
  operationStatusMessage: SUCCESS_MESSAGE[lang],
})
