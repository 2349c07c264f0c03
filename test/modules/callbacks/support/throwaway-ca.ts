import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ThrowawayCa {
  dir: string
  /** PEM of the CA, for SANDBOX_CALLBACK_CA_FILE. */
  caFile: string
  /** Server certificate and key for 127.0.0.1, localhost and hooks.partner.test. */
  cert: string
  key: string
  remove(): void
}

/**
 * A certificate authority made for one test run (openssl, EC keys so it takes milliseconds) and a
 * server certificate it signed: the receiver is trusted only through SANDBOX_CALLBACK_CA_FILE.
 */
export function createThrowawayCa(): ThrowawayCa {
  const dir = mkdtempSync(join(tmpdir(), 'callback-ca-'))
  const file = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Callback test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  )
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost')
  writeFileSync(
    file('server.ext'),
    ['subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:hooks.partner.test', 'basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature', 'extendedKeyUsage=serverAuth'].join(
      '\n',
    ),
  )
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext')
  return {
    dir,
    caFile: file('ca.pem'),
    cert: readFileSync(file('server.pem'), 'utf8'),
    key: readFileSync(file('server.key'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
