// The local authority is made once and kept; the certificate it signs is valid for the Studio's host names.
import {X509Certificate} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, expect, it} from 'vitest'
import {authorityCertificatePath, localCertificate} from './certificates.ts'

const folder = mkdtempSync(join(tmpdir(), 'lake-certificates-'))
afterAll(() => rmSync(folder, {recursive: true, force: true}))

it('creates the authority on first use only, keeps its files private, and signs a certificate for the Studio’s hosts', async () => {
  const first = await localCertificate(folder)
  const second = await localCertificate(folder)
  expect([first.createdAuthority, second.createdAuthority]).toEqual([true, false])
  expect(second.cert).toBe(first.cert)
  expect(first.authorityPath).toBe(authorityCertificatePath(folder))

  const authority = new X509Certificate(readFileSync(first.authorityPath))
  const certificate = new X509Certificate(first.cert)
  expect(authority.ca).toBe(true)
  expect(certificate.verify(authority.publicKey)).toBe(true)
  expect(certificate.checkHost('embedded.localhost')).toBe('embedded.localhost')
  expect(certificate.checkHost('localhost')).toBe('localhost')
  expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1')
  expect(certificate.checkHost('example.com')).toBeUndefined()
  expect(Date.parse(certificate.validTo) - Date.now()).toBeGreaterThan(365 * 24 * 60 * 60 * 1000)
  for (const file of ['local-ca.key', 'localhost.key'])
    expect(statSync(join(folder, file)).mode & 0o077).toBe(0)
})
