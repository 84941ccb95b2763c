import {expect, it} from 'vitest'
import {clientAddress, trustedProxies, visitorKey} from './clientAddress.ts'

const request = (peer: string, forwarded?: string) => ({
  socket: {remoteAddress: peer},
  headers: forwarded === undefined ? {} : {'x-forwarded-for': forwarded},
})

it('takes the peer’s address unless a trusted proxy names the client', () => {
  const trusted = trustedProxies(['10.0.0.0/8', '2001:db8::7'])
  expect(clientAddress(request('203.0.113.9'), trusted)).toBe('203.0.113.9')
  // An untrusted peer's header is the client's own say: ignored.
  expect(clientAddress(request('203.0.113.9', '198.51.100.1'), trusted)).toBe('203.0.113.9')
  expect(clientAddress(request('::ffff:127.0.0.1', '198.51.100.1'), trusted)).toBe('198.51.100.1')
  // A client's own entry stays left of what the trusted proxies appended: never reached.
  expect(clientAddress(request('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.1.2.3'), trusted)).toBe(
    '198.51.100.1',
  )
  expect(clientAddress(request('2001:db8::7', '2001:db8:1::5'), trusted)).toBe('2001:db8:1::5')
  // A hop that is no address ends the walk at the last trusted one.
  expect(clientAddress(request('127.0.0.1', 'evil\nline'), trusted)).toBe('127.0.0.1')
})

it('refuses a trusted proxy that is no address, naming it', () => {
  expect(() => trustedProxies(['10.0.0.0/x'])).toThrow(
    '"10.0.0.0/x" is not an IP address or a CIDR range',
  )
  expect(() => trustedProxies(['proxy.example'])).toThrow('"proxy.example"')
  expect(() => trustedProxies(['10.0.0.0/99'])).toThrow(
    '"10.0.0.0/99" is not an IP address or a CIDR range (an address, or an address, "/" and 0 to 32)',
  )
  expect(() => trustedProxies(['2001:db8::/129'])).toThrow('0 to 128')
  expect(() => trustedProxies(['1.2.3.4/8/9'])).toThrow('"1.2.3.4/8/9"')
  expect(trustedProxies(['10.0.0.0/8', '2001:db8::/32']).check('10.1.2.3', 'ipv4')).toBe(true)
})

it('counts an IPv6 visitor by its /64, an IPv4 one by its address', () => {
  expect(visitorKey('198.51.100.1')).toBe('198.51.100.1')
  expect(visitorKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
  expect(visitorKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64')
  expect(visitorKey('2001:DB8::1')).toBe('2001:db8:0:0::/64')
  expect(visitorKey('::1')).toBe('0:0:0:0::/64')
})
