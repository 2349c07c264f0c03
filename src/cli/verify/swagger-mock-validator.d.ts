// The package ships no type declarations: the part of its programmatic API the static check uses.
declare module '@pactflow/swagger-mock-validator' {
  export interface ValidationResult {
    code: string
    message: string
    type: 'error' | 'warning'
    source: string
    mockDetails?: { interactionDescription: string | null; interactionState: string | null; location: string; mockFile: string; value: unknown }
    specDetails?: { location: string; pathMethod: string | null; pathName: string | null; specFile: string; value: unknown }
  }

  export interface ValidationOutcome {
    errors: ValidationResult[]
    warnings: ValidationResult[]
    success: boolean
    failureReason?: string
  }

  export interface ValidateOptions {
    specPathOrUrl: string
    mockPathOrUrl: string
    /** With a broker URL as mockPathOrUrl: the provider whose latest pacts are checked. */
    providerName?: string
    tag?: string
    additionalPropertiesInResponse?: 'true' | 'false'
    requiredPropertiesInResponse?: 'true' | 'false'
  }

  export const SwaggerMockValidatorFactory: {
    /** @param auth "user:password" or a bearer token for a Pact Broker. */
    create(auth?: string): { validate(options: ValidateOptions): Promise<ValidationOutcome> }
  }
}
