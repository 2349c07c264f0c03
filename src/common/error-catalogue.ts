import type { LocalizedText } from './language.ts'

export interface ErrorDefinition {
  code: string
  status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 429 | 431 | 500 | 503
  message: LocalizedText
}

const def = (code: string, status: ErrorDefinition['status'], pt: string, en: string): ErrorDefinition => ({
  code,
  status,
  message: { 'pt-PT': pt, en },
})

/**
 * Every error the sandbox answers, in one place (docs/design.md "Conventions"). 010101 is the bank's
 * own code for a missing field; the others follow its numbering. Messages take `{name}` slots.
 * Published in the OpenAPI document (ErrorBody) and in docs/conventions.md (scripts/write-error-table.ts).
 */
export const ERRORS = {
  VALIDATION_FAILED: def('010100', 400, 'O pedido contém dados inválidos.', 'The request contains invalid data.'),
  MISSING_FIELD: def('010101', 400, 'Campo obrigatório em falta: {field}.', 'Missing required field: {field}.'),
  INVALID_TYPE: def('010102', 400, 'O campo {field} deve ser do tipo {expected}.', 'Field {field} must be of type {expected}.'),
  INVALID_FORMAT: def('010103', 400, 'O campo {field} não tem um formato válido ({format}).', 'Field {field} is not in a valid format ({format}).'),
  OUT_OF_RANGE: def('010104', 400, 'O valor do campo {field} está fora dos limites permitidos ({limit}).', 'The value of field {field} is out of the allowed range ({limit}).'),
  INVALID_VALUE: def('010105', 400, 'O valor do campo {field} não é permitido.', 'The value of field {field} is not allowed.'),
  UNKNOWN_REFERENCE: def(
    '010106',
    400,
    'O identificador {value} do campo {field} não existe na lista {list}.',
    'Identifier {value} of field {field} does not exist in list {list}.',
  ),
  INVALID_COMBINATION: def('010107', 400, 'Combinação inválida: {detail}', 'Invalid combination: {detail}'),
  FIELD_NOT_ALLOWED: def('010108', 400, 'O campo {field} não se aplica: {detail}', 'Field {field} does not apply: {detail}'),
  MALFORMED_JSON: def('010109', 400, 'O corpo do pedido não é JSON válido.', 'The request body is not valid JSON.'),
  BUSINESS_RULE: def('010110', 400, '{detail}', '{detail}'),
  MALFORMED_REQUEST: def('010111', 400, 'O pedido HTTP não é válido ({detail}).', 'The HTTP request is not valid ({detail}).'),
  JSON_TOO_DEEP: def(
    '010112',
    400,
    'O corpo JSON tem mais de {limit} níveis de objetos e listas encaixados.',
    'The JSON body nests objects and arrays more than {limit} levels deep.',
  ),
  JSON_TOO_MANY_VALUES: def(
    '010113',
    400,
    'O corpo JSON tem mais de {limit} valores (membros de objetos e elementos de listas, contados em conjunto).',
    'The JSON body holds more than {limit} values (object members and array items, counted together).',
  ),
  PROBLEMS_LEFT_OUT: def(
    '010114',
    400,
    'Mais {count} problemas não foram listados: uma resposta lista no máximo {limit} erros.',
    '{count} more problems were left out: an answer lists at most {limit} errors.',
  ),
  PROCESS_NOT_FOUND_FOR_BROKER: def('010201', 400, 'O processo {id} não existe para o mediador atual.', 'Process {id} does not exist for the current broker.'),
  BORROWER_NOT_IN_PROCESS: def('010202', 400, 'O proponente {id} não pertence ao processo.', 'Borrower {id} does not belong to the process.'),
  KEY_BORROWER_NOT_DELETABLE: def('010203', 400, 'O proponente principal não pode ser eliminado.', 'The key borrower cannot be deleted.'),
  STATE_FORBIDS_OPERATION: def('010301', 400, 'A operação não é permitida no estado atual ({status}).', 'The operation is not allowed in the current status ({status}).'),
  NOT_FOUND: def('010401', 404, 'Recurso não encontrado: {resource} {id}.', 'Resource not found: {resource} {id}.'),
  ROUTE_NOT_FOUND: def('010402', 404, 'Operação inexistente: {method} {path}.', 'No such operation: {method} {path}.'),
  CALLBACK_NOT_CONFIGURED: def('010404', 404, 'Não existe configuração de callback para o tipo {type}.', 'There is no callback configuration for type {type}.'),
  UNAUTHENTICATED: def('010501', 401, 'Autenticação necessária: {detail}', 'Authentication required: {detail}'),
  TOKEN_EXPIRED: def('010502', 401, 'O token de acesso expirou.', 'The access token has expired.'),
  INVALID_CREDENTIALS: def('010503', 401, 'Utilizador ou palavra-passe inválidos.', 'Invalid username or password.'),
  FORBIDDEN: def('010504', 403, 'Sem permissão para {detail}.', 'Not allowed to {detail}.'),
  SIGNUP_CLOSED: def('010506', 403, 'O registo de novos parceiros está desativado neste sandbox.', 'Self-service sign-up is off on this sandbox.'),
  INVITATION_INVALID: def('010507', 403, 'O código de convite não é válido: {detail}.', 'The invitation code is not valid: {detail}.'),
  DEMO_IDENTITIES_OFF: def(
    '010505',
    401,
    'As identidades de demonstração ({username} e as outras) estão desativadas neste sandbox: {detail}.',
    'The demo identities ({username} and the others) are off on this sandbox: {detail}.',
  ),
  PARTNER_SUSPENDED: def('010508', 401, 'O parceiro {partner} está suspenso: {reason}', 'Partner {partner} is suspended: {reason}'),
  LOGIN_THROTTLED: def(
    '010510',
    429,
    'Demasiadas tentativas de autenticação falhadas {subject}. Tente novamente dentro de {seconds} segundos.',
    'Too many failed logins {subject}. Retry in {seconds} seconds.',
  ),
  LOGINS_TOO_FREQUENT: def(
    '010511',
    429,
    'Demasiadas autenticações {subject}: um token de acesso vale {ttl} segundos, reutilize-o em vez de voltar a autenticar. Tente novamente dentro de {seconds} segundos.',
    'Too many logins {subject}: an access token lasts {ttl} seconds, reuse it rather than logging in again. Retry in {seconds} seconds.',
  ),
  PASSWORD_CHECKS_BUSY: def(
    '010512',
    429,
    'Demasiadas verificações de palavra-passe em espera. Tente novamente dentro de {seconds} segundos.',
    'Too many password checks are waiting. Retry in {seconds} seconds.',
  ),
  OPERATOR_UNAUTHENTICATED: def('010509', 401, 'A API do operador exige o token do operador: {detail}', 'The operator API needs the operator token: {detail}'),
  PAYLOAD_TOO_LARGE: def('010601', 413, 'O corpo do pedido excede o limite de {limit}.', 'The request body exceeds the limit of {limit}.'),
  UNSUPPORTED_MEDIA_TYPE: def('010602', 415, 'Tipo de conteúdo não suportado: {detail}.', 'Unsupported content type: {detail}.'),
  RATE_LIMITED: def('010603', 429, 'Demasiados pedidos. Tente novamente dentro de {seconds} segundos.', 'Too many requests. Retry in {seconds} seconds.'),
  PARTNER_RATE_LIMITED: def(
    '010604',
    429,
    'Limite de pedidos do parceiro atingido ({limit} por segundo). Tente novamente dentro de {seconds} segundos.',
    "The partner's request rate limit is reached ({limit} a second). Retry in {seconds} seconds.",
  ),
  PARTNER_COST_LIMITED: def(
    '010604',
    429,
    'Limite de pedidos do parceiro atingido: os seus {requests} pedidos desde que a reserva esteve cheia custaram {tokens} fichas ({limit} por segundo, {burst} de reserva; uma ficha é um pedido, ou {costMs} ms de tempo do servidor além do primeiro). Tente novamente dentro de {seconds} segundos.',
    "The partner's request rate limit is reached: its {requests} requests since its budget was last full cost {tokens} tokens ({limit} a second, {burst} at once; a token is a request, or {costMs} ms of server time past its first). Retry in {seconds} seconds.",
  ),
  PARTNER_RENDERS_LIMITED: def(
    '010604',
    429,
    'Orçamento de PDF ESIS do parceiro esgotado: as suas {renders} gerações desde que esteve cheio levaram {ms} ms ({perSecond} ms por segundo, {burst} ms de reserva). Os outros pedidos não são afetados. Tente novamente dentro de {seconds} segundos.',
    "The partner's ESIS render budget is spent: its {renders} renders since the budget was last full took {ms} ms ({perSecond} ms a second, {burst} ms at once). Its other requests are not held back. Retry in {seconds} seconds.",
  ),
  HEADERS_TOO_LARGE: def('010606', 431, 'A linha do pedido e os cabeçalhos excedem o limite de {limit}.', 'The request line and headers exceed the limit of {limit}.'),
  REQUEST_TIMEOUT: def('010607', 408, 'O pedido não chegou a tempo: a ligação foi fechada.', 'The request did not arrive in time: the connection was closed.'),
  CLOCK_ADVANCING: def(
    '010608',
    409,
    'O relógio de teste do parceiro já está a avançar: aguarde o fim desse avanço.',
    "The partner's test clock is already advancing: wait for that advance to end.",
  ),
  CERTIFICATION_RUNNING: def(
    '010609',
    409,
    'Já há uma execução de certificação do parceiro em curso: aguarde o seu fim.',
    'A certification run of the partner is already running: wait for it to end.',
  ),
  CERTIFICATION_NOT_PASSED: def(
    '010610',
    409,
    'Só uma execução aprovada tem relatório assinado: esta não foi aprovada.',
    'Only a passed run has a signed report: this one did not pass.',
  ),
  SCENARIO_NAME_TAKEN: def('010611', 409, 'O nome de cenário {field} = {name} já está tomado: {detail}', 'The scenario name {field} = {name} is taken: {detail}'),
  QUOTA_EXCEEDED: def('010605', 409, 'Quota atingida: {quota} (no máximo {limit}).', 'Quota reached: {quota} (at most {limit}).'),
  INTERNAL_ERROR: def('090101', 500, 'Erro interno. Referência do pedido: {requestId}.', 'Internal error. Request reference: {requestId}.'),
  SERVICE_UNAVAILABLE: def('090102', 503, 'Serviço temporariamente indisponível: {detail}', 'Service temporarily unavailable: {detail}'),
} as const satisfies Record<string, ErrorDefinition>

export type ErrorKey = keyof typeof ERRORS

/** The success code of the operation status envelope (interface document, "Errors" 1). */
export const SUCCESS_CODE = '020101'
export const SUCCESS_MESSAGE: LocalizedText = { 'pt-PT': 'Operação efetuada com sucesso.', en: 'Operation completed successfully.' }
