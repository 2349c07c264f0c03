import { adminRequired } from '../../common/admin-required.ts'
import { ApiError, renderError } from '../../common/api-error.ts'

/**
 * One real error body for each status the documents declare, rendered by the code every refusal goes
 * through (`renderError`, in pt-PT, the default language), so /docs shows what a client receives: a
 * 400 naming the field, a 401 of a revoked token, a 404 of an unknown simulation, a 409 of a full
 * quota. The shared ErrorBody schema's own example would be a success status beside an error item.
 */
const SIMULATION = '01a22342-6930-7446-b82f-3a95245341ee'

const examples: Record<number, ApiError> = {
  400: ApiError.validation([{ key: 'MISSING_FIELD', field: 'loanSimulator.loanAmount' }]),
  401: new ApiError('UNAUTHENTICATED', { field: 'Authorization', params: { detail: 'o token foi revogado.' } }),
  403: adminRequired(),
  404: new ApiError('NOT_FOUND', {
    field: 'simulationUniqueId',
    params: { id: SIMULATION },
    message: { 'pt-PT': `Simulação não encontrada: ${SIMULATION}.`, en: `Simulation not found: ${SIMULATION}.` },
  }),
  409: new ApiError('QUOTA_EXCEEDED', { field: 'simulations', params: { quota: 'simulations', limit: 5000 } }),
  413: new ApiError('PAYLOAD_TOO_LARGE', { field: 'body', params: { limit: '64 KiB' } }),
  415: new ApiError('UNSUPPORTED_MEDIA_TYPE', { field: 'Content-Type', params: { detail: 'text/plain; expected application/json' } }),
  429: new ApiError('PARTNER_RATE_LIMITED', { field: '', params: { limit: '20', seconds: '3' } }),
  500: new ApiError('INTERNAL_ERROR', { field: '', params: { requestId: '5b0e7f3c-2a61-4d8e-9c47-1f2a3b4c5d6e' } }),
  503: new ApiError('SERVICE_UNAVAILABLE', { field: '', params: { detail: 'the sandbox is stopping; retry in a few seconds' } }),
}

const rendered = new Map(Object.entries(examples).map(([status, error]) => [Number(status), renderError(error, 'pt-PT')]))

/** The example error body of a status, or none for a status without one. */
export function errorExample(status: number) {
  return rendered.get(status)
}
