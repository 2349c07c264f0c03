import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent, serviceValidatedJsonBody } from '../../http/openapi/openapi-schemas.ts'
import { SimulationDetailSchema } from './simulation-detail.schemas.ts'
import { SIMULATION_INPUT_EXAMPLE } from './simulation-input.schemas.ts'
import {
  SimulationCancelRequestSchema,
  SimulationListQuerySchema,
  SimulationListSchema,
  SimulationParamsSchema,
  SimulationResultEnvelopeSchema,
  SimulationValidateResponseSchema,
} from './simulations.schemas.ts'

const tags = ['Simulations']

const VALIDATION_RULES = `Validation (the same for Create, Update and Validate; every problem is one errors[] item naming its field, e.g. \`loanSimulator.fixedPeriodID\`):
- the three groups are required (010101 for a missing group or field); JSON types as documented (010102); bounds (010104); unknown fields refused (010108), mind the casing of \`numberOfborrowers\`; null counts as absent;
- ids must exist in their reference list (010106): product-schemes, loan-purposes, product-purposes, index-type-sub-categories, index-types, index-type-list-mixed, fixed-fixed-period, mixed-fixed-period;
- the product scheme must accept the pair of loan purpose and product purpose (product-schemes \`combinations\`, 010107);
- youthCredit true if and only if the scheme is YOUTH_GUARANTEE (010107);
- rate type \`interestRateTypeID\` (index-type-sub-categories): 1 fixed needs \`fixedPeriodID\` (fixed-fixed-period; the term must not exceed its months); 2 variable needs \`indexTypeID\`; 3 mixed needs \`indexTypeMixedID\` and \`fixedPeriodID\` (mixed-fixed-period; the term must be longer than the fixed period); a field the rate type does not use is refused (010108);
- numberOfborrowers 1 or 2: with 2, borrowerName and borrowerBirthDate are required; with 1, borrower… fields are refused; birth dates are real dates in the past;
- property values the loan purpose needs (see PropertySimulator), works values refused for purposes without works.

Amounts are euros; incomes and instalments are monthly net amounts.`

const ELIGIBILITY = `Eligibility (Banco de Portugal macroprudential recommendation; DL 44/2024): LTV at most 90% for an own permanent home, 80% otherwise, 100% for bank properties and youth credit; DSTI (existing instalments + the new one with the index stressed by +0.5/+1/+1.5 pp by term, none for a fixed rate, only after the fixed period for a mixed one; rents count at 70%) at most 50%; maximum term 40/37/35 years by the oldest borrower's age (≤30/31-35/over 35); oldest borrower at most 75 at maturity; every borrower at least 18; youth credit: every borrower at most 35, transaction at most 450,000 €, income within the 8th IRS bracket, own permanent home purchase only. An eligible simulation is Simulated (1), otherwise Not eligible (2) with nonElegibilityDescription naming every failed rule.`

const PATH_ERRORS = 'An unknown simulationUniqueId, or one of another broker, is a 404.'

export const list = createRoute({
  method: 'get',
  path: '/v1/simulations',
  tags,
  summary: 'Simulation List',
  operationId: 'simulationList',
  description: `The simulations of the token's broker (every user of the broker), newest first (creation time, then number). Keyset paging: \`nextRecord\` = simulationUniqueID of the last item seen returns the older ones, \`previousRecord\` = simulationUniqueID of the first item seen returns the newer ones (still newest first); not both. \`totalRecords\` counts every match; \`hasMoreResults\` says whether more lie in the direction read. Filters combine (AND). A cursor that is not a simulation of the broker is a 400.`,
  security: bearerSecurity,
  request: { query: SimulationListQuerySchema },
  responses: { 200: jsonContent(SimulationListSchema, 'A page of simulations'), ...authedErrors(400) },
})

export const create = createRoute({
  method: 'post',
  path: '/v1/simulations',
  tags,
  summary: 'Simulation Create',
  operationId: 'simulationCreate',
  description: `Creates a simulation for the token's broker and user, computes its figures (see Simulation Detail) and its eligibility.\n\n${VALIDATION_RULES}\n\n${ELIGIBILITY}\n\nThe status change is published to the partner's callback for notification type 6.`,
  security: bearerSecurity,
  request: { body: serviceValidatedJsonBody('SimulationInput', SIMULATION_INPUT_EXAMPLE) },
  responses: {
    201: jsonContent(SimulationResultEnvelopeSchema, 'Created: Simulated (elegibility true) or Not eligible (false)'),
    ...authedErrors(400, 409, 413, 415),
  },
})

export const validate = createRoute({
  method: 'post',
  path: '/v1/simulations/validate',
  tags,
  summary: 'Simulation Validate',
  operationId: 'simulationValidate',
  description: `Checks a simulation input without creating anything: 200 with the problems Simulation Create would answer with a 400 (an empty \`errors\` array when valid). Eligibility is not assessed.\n\n${VALIDATION_RULES}`,
  security: bearerSecurity,
  request: { body: serviceValidatedJsonBody('SimulationInput', SIMULATION_INPUT_EXAMPLE) },
  responses: {
    200: jsonContent(SimulationValidateResponseSchema, 'The problems found, none when valid'),
    ...authedErrors(400, 413, 415),
  },
})

export const detail = createRoute({
  method: 'get',
  path: '/v1/simulations/{simulationUniqueId}',
  tags,
  summary: 'Simulation Detail',
  operationId: 'simulationDetail',
  description: `The simulation with its computed figures, descriptions in the language of Accept-Language. The figures add up: monthlyInstallmentAmount is the French annuity of the TAN over the term (of the fixed rate over the whole term for a mixed rate, recomputed on the balance at the switch: variableMonthlyInstallmentAmount); mtic = loanAmount + total interest + the sum of bankCharges; taeg solves Directive 2014/17/EU Annex I with the upfront bankCharges deducted from the drawdown and the insurance (and stamp duty on interest) added to every instalment. Fields the input does not carry (tax ids, contract types, dependents, typology, district, gross area) are generated: realistic, valid (NIF check digits, reference-list ids) and the same on every read. ${PATH_ERRORS}`,
  security: bearerSecurity,
  request: { params: SimulationParamsSchema },
  responses: { 200: jsonContent(SimulationDetailSchema, 'The simulation'), ...authedErrors(400, 404) },
})

export const update = createRoute({
  method: 'patch',
  path: '/v1/simulations/{simulationUniqueId}',
  tags,
  summary: 'Simulation Update',
  operationId: 'simulationUpdate',
  description: `Changes the fields given and keeps the others (JSON Merge Patch: null removes a field), validates the merged simulation as Create does and evaluates it again. A stored field the change makes irrelevant (the second borrower's when \`numberOfborrowers\` becomes 1, \`indexTypeID\` when the rate becomes fixed) is dropped when the request does not send it; sent, it is refused (010108). Then the status becomes Simulated or Not eligible. Refused (400, 010301) in Completed, Cancelled and Expired. ${PATH_ERRORS}\n\n${VALIDATION_RULES}`,
  security: bearerSecurity,
  request: {
    params: SimulationParamsSchema,
    body: serviceValidatedJsonBody('SimulationPatch', { loanSimulator: { loanAmount: 190000, hasCrossSelling: false } }),
  },
  responses: {
    200: jsonContent(SimulationResultEnvelopeSchema, 'Updated and evaluated again'),
    ...authedErrors(400, 404, 413, 415),
  },
})

export const cancel = createRoute({
  method: 'delete',
  path: '/v1/simulations/{simulationUniqueId}',
  tags,
  summary: 'Simulation Cancel',
  operationId: 'simulationCancel',
  description: `Cancels the simulation (status Cancelled) with a reason from simulation-cancel-reasons and optional comments, shown in the detail as cancelReasonId, cancelReasonDescription and cancelObservations. The body is JSON, on DELETE. Only Simulated and Not eligible simulations are cancelable: 400 (010301) otherwise. ${PATH_ERRORS}`,
  security: bearerSecurity,
  request: {
    params: SimulationParamsSchema,
    body: {
      required: true,
      content: { 'application/json': { schema: SimulationCancelRequestSchema, example: { simulationCancelReasonId: 1, cancelComments: 'O cliente desistiu da compra.' } } },
    },
  },
  responses: { 200: jsonContent(EnvelopeSchema, 'Cancelled'), ...authedErrors(400, 404, 413, 415) },
})
