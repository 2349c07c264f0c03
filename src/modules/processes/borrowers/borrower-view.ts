import type { Lang } from '../../../http/language.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import { describeAcademicLevel } from './academic-levels.ts'
import type { BorrowerRecord } from './borrowers.repository.ts'
import type { BorrowerListItem, BorrowerResponse } from './borrowers.schemas.ts'
import { FINANCIAL_AMOUNT_FIELDS } from './borrower-request.schemas.ts'

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value)

export function toBorrowerListItem(b: BorrowerRecord, taxonomy: TaxonomyCatalog, lang: Lang): BorrowerListItem {
  return {
    borrowerUniqueID: b.borrowerUniqueId,
    borrowerTypeID: b.borrowerTypeId,
    borrowerTypeDescription: taxonomy.describe('entity-types', b.borrowerTypeId, lang) ?? '',
    keyBorrowerRelationID: orNull(b.keyBorrowerRelationId),
    keyBorrowerRelationDescription: taxonomy.describe('key-borrower-relations', b.keyBorrowerRelationId, lang),
  }
}

/** Borrower Get: the stored request groups under the document's response names, with descriptions. */
export function toBorrower(b: BorrowerRecord, taxonomy: TaxonomyCatalog, lang: Lang): BorrowerResponse {
  const p = b.personal
  const f = b.financial
  const w = b.professional
  const describe = (list: string, id: number | undefined) => taxonomy.describe(list, id, lang)
  return {
    ...toBorrowerListItem(b, taxonomy, lang),
    borrowerPersonalData: {
      name: orNull(p.name),
      birthDate: orNull(p.birthDate),
      taxID: orNull(p.taxId),
      socialSecurityNumber: orNull(p.socialSecurityNumber),
      phone: orNull(p.phone),
      mobile: orNull(p.mobile),
      email: orNull(p.email),
      genderID: orNull(p.genderId),
      genderDescription: describe('genders', p.genderId),
      nationalityID: orNull(p.nationalityId),
      nationalityDescription: describe('countries', p.nationalityId),
      identificationDocumentTypeID: orNull(p.identificationDocumentTypeId),
      identificationDocumentTypeDescription: describe('identification-documents', p.identificationDocumentTypeId),
      identificationDocumentNumber: orNull(p.identificationDocumentNumber),
      checkDigit: orNull(p.checkDigit),
      identificationDocumentExpiredDate: orNull(p.identificationDocumentExpiredDate),
      maritalStatusID: orNull(p.maritalStatusId),
      maritalStatusDescription: describe('marital-statuses', p.maritalStatusId),
      matriomonialRegimeID: orNull(p.matrimonialRegimeId),
      matriomonialRegimeDescription: describe('matrimonial-regimes', p.matrimonialRegimeId),
      residenceTypeID: orNull(p.residenceTypeId),
      residenceTypeDescription: describe('residence-types', p.residenceTypeId),
      academicLevelID: orNull(p.academicLevelId),
      academicLevelDescription: describeAcademicLevel(p.academicLevelId, lang),
      dependentsNumber: orNull(p.dependentsNumber),
      address: orNull(p.address),
      zipCode: orNull(p.zipCode),
      zipCodeLocal: orNull(p.zipCodeLocal),
      doorNumber: orNull(p.doorNumber),
      floor: orNull(p.floor),
      countryID: orNull(p.countryId),
      countryDescription: describe('countries', p.countryId),
    },
    borrowerFinancialData: {
      ...(Object.fromEntries(FINANCIAL_AMOUNT_FIELDS.map((name) => [name, f[name] ?? 0])) as Record<(typeof FINANCIAL_AMOUNT_FIELDS)[number], number>),
      hasSocialSecurityDebt: f.hasSocialSecurityDebt ?? false,
    },
    borrowerProfessionalData: {
      employmentProfessionID: orNull(w.employmentProfessionId),
      employmentProfessionDescription: describe('professions', w.employmentProfessionId),
      employmentSituationID: orNull(w.employmentSituationId),
      employmentsSituationDescription: describe('employment-situations', w.employmentSituationId),
      employmentPositionDepartmentID: orNull(w.employmentPositionDepartmentID),
      employmentPositionDepartmentDescription: describe('employment-department-positions', w.employmentPositionDepartmentID),
      employmentContractTypeID: orNull(w.employmentContractTypeId),
      employmentContractTypeDescription: describe('employment-contract-types', w.employmentContractTypeId),
      employerName: orNull(w.employerName),
      employerTaxID: orNull(w.employerTaxId),
      employmentDurationMonths: orNull(w.employmentDurationMonths),
    },
  }
}
