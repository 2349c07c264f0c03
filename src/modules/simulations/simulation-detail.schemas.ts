import { z } from '@hono/zod-openapi'
import { LoanSchemas, MONTHLY_FIELDS, type MonthlyField } from '../loan/index.ts'

const { BankChargeSchema, InsuranceSimulationDetailSchema, LoanSimulationDetailSchema } = LoanSchemas

/**
 * Simulation Detail: the six sections of the interface document, names and JSON types as written
 * there (`simulationUniqueId` here but `simulationUniqueID` in the list; `branchId` a string here;
 * `loanPurposeId` and `productPurposeId` strings). A figure that does not apply is left out (the
 * fixed part of a variable rate, the second borrower of a single borrower), never sent as null
 * (docs/design.md "Fields without a value"). Rates and ratios are percent
 * (3.5 means 3.5%), amounts euros, instalments and incomes monthly.
 */

const optionalMoney = (description: string) => z.number().optional().openapi({ description })

export const SimulationDetailSectionSchema = z
  .object({
    simulationUniqueId: z.uuid(),
    simulationNumber: z.number().int().openapi({ description: 'Sequential in this sandbox', example: 1 }),
    processUniqueId: z.uuid().optional().openapi({ description: 'The process created from this simulation (it is then Completed); absent until then' }),
    processNumber: z.number().int().optional().openapi({ description: 'Absent until a process is created from this simulation' }),
    creationDate: z.iso.datetime().openapi({ example: '2026-01-15T10:00:00.000Z' }),
    origin: z.string().openapi({ description: '"API" for a simulation created through the API (a sandbox scenario name when a scenario created it)', example: 'API' }),
    branchId: z.string().openapi({ description: 'The bank branch of the broker (a string here, an integer in the list)', example: '311' }),
    branchDescription: z.string().openapi({ example: 'Lisboa - Avenida da República' }),
    simulationStatusId: z.number().int().openapi({ description: 'From workflow-states-simulation: 1 Simulated, 2 Not eligible, 3 Completed, 4 Cancelled, 5 Expired', example: 1 }),
    simulationStatusDescription: z.string().openapi({ example: 'Simulada' }),
    cancelReasonId: z.number().int().optional().openapi({ description: 'From simulation-cancel-reasons, once cancelled' }),
    cancelReasonDescription: z.string().optional(),
    cancelObservations: z.string().optional().openapi({ description: 'The cancelComments of Simulation Cancel, when it had some' }),
    nonElegibilityDescription: z.string().optional().openapi({
      description:
        "Sandbox addition, not in the interface document's detail: why a Not eligible simulation is not eligible, as Create and Update answer it (a reason of simulation-reject-reasons forced by a scenario or the sandbox control API, then every failed eligibility rule); absent when eligible",
    }),
  })
  .openapi('SimulationDetailSection')

function monthlyFields<P extends 'keyBorrower' | 'borrower'>(prefix: P): { [K in `${P}${MonthlyField}`]: z.ZodNumber }
function monthlyFields<P extends 'keyBorrower' | 'borrower'>(prefix: P, optional: true): { [K in `${P}${MonthlyField}`]: z.ZodOptional<z.ZodNumber> }
function monthlyFields(prefix: string, optional = false) {
  return Object.fromEntries(Object.keys(MONTHLY_FIELDS).map((suffix) => [`${prefix}${suffix}`, optional ? z.number().optional() : z.number()]))
}

export const BorrowerSimulationDetailSchema = z
  .object({
    numberOfborrowers: z.number().int(),
    keyBorrowerName: z.string(),
    keyBorrowerTaxId: z.string().openapi({ description: 'Generated: a valid Portuguese NIF, the same on every read of this simulation', example: '218452790' }),
    keyBorrowerBirthDate: z.iso.datetime().openapi({ example: '1994-04-12T00:00:00.000Z' }),
    keyBorrowerContractTypeID: z.number().int().openapi({ description: 'Generated, from employment-contract-types' }),
    keyBorrowerContractTypeDescription: z.string(),
    ...monthlyFields('keyBorrower'),
    keyBorrowerHasSocialSecurityDebt: z.boolean().openapi({ description: 'Always false in a simulation: the process checks it' }),
    borrowerName: z.string().optional().openapi({ description: 'Second borrower; every borrower… field is absent with one borrower' }),
    borrowerTaxId: z.string().optional(),
    borrowerBirthDate: z.iso.datetime().optional(),
    borrowerContractTypeID: z.number().int().optional(),
    borrowerContractTypeDescription: z.string().optional(),
    ...monthlyFields('borrower', true),
    borrowerHasSocialSecurityDebt: z.boolean().optional(),
    borrowersDependentsNumber: z.number().int().openapi({ description: 'Generated (0-3)' }),
  })
  .openapi('BorrowerSimulationDetail', { description: 'Incomes and instalments are monthly net amounts in euros, as entered (absent ones as 0).' })

export const PropertySimulationDetailSchema = z
  .object({
    typologyId: z.number().int().openapi({ description: 'Generated, from property-typologies, suited to the loan purpose (land for a land purchase, a house for construction)' }),
    typologyDescription: z.string(),
    evaluationEstimatedAmount: optionalMoney('As entered; absent when not given'),
    acquisitionAmount: optionalMoney('As entered; absent when not given'),
    districtId: z.number().int().openapi({ description: 'Generated, from districts' }),
    districtDescription: z.string(),
    grossBuiltArea: z.number().optional().openapi({ description: 'Generated, m², consistent with the typology; absent for land' }),
  })
  .openapi('PropertySimulationDetail')

export const SimulationDetailSchema = z
  .object({
    simulationDetail: SimulationDetailSectionSchema,
    borrowerSimulationDetail: BorrowerSimulationDetailSchema,
    propertySimulationDetail: PropertySimulationDetailSchema,
    loanSimulationDetail: LoanSimulationDetailSchema,
    insuranceSimulationDetail: InsuranceSimulationDetailSchema,
    bankCharges: z.array(BankChargeSchema).openapi({
      description:
        'Upfront charges (study, valuation, formalisation commissions, mortgage registration, stamp duty of 0.6% on the loan and 4% on commissions), then totals over the term of stamp duty on interest (4%, not for an own permanent home) and of each insurance. Their sum + capital + interest = mtic.',
    }),
  })
  .openapi('SimulationDetail')

export type SimulationDetail = z.infer<typeof SimulationDetailSchema>
