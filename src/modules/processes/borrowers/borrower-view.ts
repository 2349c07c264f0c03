import { withoutNulls } from '../../../common/answer-fields.ts'
import type { Lang } from '../../../common/language.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import { describeAcademicLevel } from './academic-levels.ts'
import type { BorrowerRecord } from './borrowers.repository.ts'
import type { BorrowerListItem, BorrowerResponse } from './borrowers.schemas.ts'
import { FINANCIAL_AMOUNT_FIELDS } from './borrower-request.schemas.ts'

export function toBorrowerListItem(b: BorrowerRecord, taxonomy: TaxonomyCatalog, lang: Lang): BorrowerListItem {
  return withoutNulls({
    borrowerUniqueID: b.borrowerUniqueId,
    borrowerTypeID: b.borrowerTypeId,
    borrowerTypeDescription: taxonomy.describe('entity-types', b.borrowerTypeId, lang) ?? '',
    keyBorrowerRelationID: b.keyBorrowerRelationId,
    keyBorrowerRelationDescription: taxonomy.describe('key-borrower-relations', b.keyBorrowerRelationId, lang),
  })
}

/** Borrower Get: the stored request groups under the document's response names, with descriptions. */
export function toBorrower(b: BorrowerRecord, taxonomy: TaxonomyCatalog, lang: Lang): BorrowerResponse {
  const p = b.personal
  const f = b.financial
  const w = b.professional
  const describe = (list: string, id: number | undefined) => taxonomy.describe(list, id, lang)
  return {
    ...toBorrowerListItem(b, taxonomy, lang),
    borrowerPersonalData: withoutNulls({
      name: p.name,
      birthDate: p.birthDate,
      taxID: p.taxId,
      socialSecurityNumber: p.socialSecurityNumber,
      phone: p.phone,
      mobile: p.mobile,
      email: p.email,
      genderID: p.genderId,
      genderDescription: describe('genders', p.genderId),
      nationalityID: p.nationalityId,
      nationalityDescription: describe('countries', p.nationalityId),
      identificationDocumentTypeID: p.identificationDocumentTypeId,
      identificationDocumentTypeDescription: describe('identification-documents', p.identificationDocumentTypeId),
      identificationDocumentNumber: p.identificationDocumentNumber,
      checkDigit: p.checkDigit,
      identificationDocumentExpiredDate: p.identificationDocumentExpiredDate,
      maritalStatusID: p.maritalStatusId,
      maritalStatusDescription: describe('marital-statuses', p.maritalStatusId),
      matriomonialRegimeID: p.matrimonialRegimeId,
      matriomonialRegimeDescription: describe('matrimonial-regimes', p.matrimonialRegimeId),
      residenceTypeID: p.residenceTypeId,
      residenceTypeDescription: describe('residence-types', p.residenceTypeId),
      academicLevelID: p.academicLevelId,
      academicLevelDescription: describeAcademicLevel(p.academicLevelId, lang),
      dependentsNumber: p.dependentsNumber,
      address: p.address,
      zipCode: p.zipCode,
      zipCodeLocal: p.zipCodeLocal,
      doorNumber: p.doorNumber,
      floor: p.floor,
      countryID: p.countryId,
      countryDescription: describe('countries', p.countryId),
    }),
    borrowerFinancialData: {
      ...(Object.fromEntries(FINANCIAL_AMOUNT_FIELDS.map((name) => [name, f[name] ?? 0])) as Record<(typeof FINANCIAL_AMOUNT_FIELDS)[number], number>),
      hasSocialSecurityDebt: f.hasSocialSecurityDebt ?? false,
    },
    borrowerProfessionalData: withoutNulls({
      employmentProfessionID: w.employmentProfessionId,
      employmentProfessionDescription: describe('professions', w.employmentProfessionId),
      employmentSituationID: w.employmentSituationId,
      employmentsSituationDescription: describe('employment-situations', w.employmentSituationId),
      employmentPositionDepartmentID: w.employmentPositionDepartmentID,
      employmentPositionDepartmentDescription: describe('employment-department-positions', w.employmentPositionDepartmentID),
      employmentContractTypeID: w.employmentContractTypeId,
      employmentContractTypeDescription: describe('employment-contract-types', w.employmentContractTypeId),
      employerName: w.employerName,
      employerTaxID: w.employerTaxId,
      employmentDurationMonths: w.employmentDurationMonths,
    }),
  }
}
