import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../../http/openapi/openapi-schemas.ts'
import { ACADEMIC_LEVELS_TEXT } from './academic-levels.ts'

/**
 * Borrower Get and Borrower List exactly as the interface document writes them: `…ID` fields,
 * `matriomonialRegimeID`, `employmentsSituationDescription`. In borrowerPersonalData "ID fields
 * are integers; the rest are strings", so dependentsNumber is a string. A value not known yet is left
 * out, never sent as null (docs/design.md "Fields without a value").
 */

const idOf = (description: string) => z.number().int().optional().openapi({ description })
const str = (example?: string) =>
  z
    .string()
    .optional()
    .openapi(example === undefined ? {} : { example })
const amount = () => z.number().openapi({ description: 'Monthly net amount, euros' })

export const BorrowerPersonalDataSchema = z
  .object({
    name: str('Ana Sofia Martins'),
    birthDate: z.iso.date().optional().openapi({ example: '1990-04-12' }),
    taxID: str('123456789'),
    socialSecurityNumber: str('12000000004'),
    phone: str(),
    mobile: str('+351912345678'),
    email: str('ana.martins@example.pt'),
    genderID: idOf('From genders'),
    genderDescription: str('Feminino'),
    nationalityID: idOf('From countries'),
    nationalityDescription: str('Portugal'),
    identificationDocumentTypeID: idOf('From identification-documents'),
    identificationDocumentTypeDescription: str('Cartão de Cidadão'),
    identificationDocumentNumber: str('12345678'),
    checkDigit: str('3ZZ4'),
    identificationDocumentExpiredDate: z.iso.date().optional().openapi({ example: '2031-05-20' }),
    maritalStatusID: idOf('From marital-statuses'),
    maritalStatusDescription: str('Casado(a)'),
    matriomonialRegimeID: idOf('From matrimonial-regimes (spelled as the interface document spells it)'),
    matriomonialRegimeDescription: str('Comunhão de adquiridos'),
    residenceTypeID: idOf('From residence-types'),
    residenceTypeDescription: str(),
    academicLevelID: idOf(`Academic level: ${ACADEMIC_LEVELS_TEXT}`),
    academicLevelDescription: str(),
    dependentsNumber: str('1'),
    address: str('Avenida da República'),
    zipCode: str('1050-187'),
    zipCodeLocal: str('Lisboa'),
    doorNumber: str('45'),
    floor: str('3.º Esq.'),
    countryID: idOf('From countries'),
    countryDescription: str('Portugal'),
  })
  .openapi('BorrowerPersonalData')

export const BorrowerFinancialDataSchema = z
  .object({
    incomeWagesPensions: amount(),
    incomeGreenReceipts: amount(),
    incomeRents: amount(),
    incomeOthers: amount(),
    installmentHousingCredit: amount(),
    installmentPersonalCredit: amount(),
    installmentAutoLeasingCredit: amount(),
    installmentCreditCard: amount(),
    installmentBankOverdraft: amount(),
    installmentOther: amount(),
    hasSocialSecurityDebt: z.boolean(),
  })
  .openapi('BorrowerFinancialData')

export const BorrowerProfessionalDataSchema = z
  .object({
    employmentProfessionID: idOf('From professions'),
    employmentProfessionDescription: str(),
    employmentSituationID: idOf('From employment-situations'),
    employmentsSituationDescription: str().openapi({ description: 'Spelled as the interface document spells it' }),
    employmentPositionDepartmentID: idOf('From employment-department-positions'),
    employmentPositionDepartmentDescription: str(),
    employmentContractTypeID: idOf('From employment-contract-types'),
    employmentContractTypeDescription: str(),
    employerName: str(),
    employerTaxID: str('500000000'),
    employmentDurationMonths: z.number().int().optional(),
  })
  .openapi('BorrowerProfessionalData')

const borrowerHeader = {
  borrowerUniqueID: z.uuid(),
  borrowerTypeID: z.number().int().openapi({ description: 'From entity-types: 1 key borrower, 2 co-borrower', example: 1 }),
  borrowerTypeDescription: z.string().openapi({ example: 'Primeiro titular' }),
  keyBorrowerRelationID: z.number().int().optional().openapi({ description: 'From key-borrower-relations; absent for the key borrower' }),
  keyBorrowerRelationDescription: z.string().optional(),
}

export const BorrowerSchema = z
  .object({
    ...borrowerHeader,
    borrowerPersonalData: BorrowerPersonalDataSchema,
    borrowerFinancialData: BorrowerFinancialDataSchema,
    borrowerProfessionalData: BorrowerProfessionalDataSchema,
  })
  .openapi('Borrower')

export const BorrowerListItemSchema = z.object(borrowerHeader).openapi('BorrowerListItem')

export const BorrowerListSchema = z
  .object({ borrowerList: z.array(BorrowerListItemSchema).openapi({ description: 'The key borrower first, then the others in the order they were added' }) })
  .openapi('BorrowerList')

export type BorrowerResponse = z.infer<typeof BorrowerSchema>
export type BorrowerListItem = z.infer<typeof BorrowerListItemSchema>

export const BorrowerCreatedSchema = envelopeSchema(z.object({ borrowerUniqueID: z.uuid() }).openapi('BorrowerCreated'), 'BorrowerCreatedEnvelope')
