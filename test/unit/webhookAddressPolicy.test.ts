// The SSRF address policy on its own: pure checks, no packet leaves the process.
import { createAddressPolicy, parseCidrList } from '../../src/domain/webhooks/addressPolicy';
import { checkEndpointUrl } from '../../src/domain/webhooks/endpointUrl';
import type { ValidationError } from '../../src/domain/errors';

describe('address policy without WEBHOOK_ALLOWED_CIDRS', () => {
  const policy = createAddressPolicy('');

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.4.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'unique local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local (cloud metadata)'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s)', (address, why) => {
    const verdict = policy.check(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed === false && verdict.reason).toContain(why);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(policy.check(address)).toEqual({ allowed: true });
  });

  it('refuses what is not an address', () => {
    expect(policy.check('example.com').allowed).toBe(false);
  });
});

describe('address policy with WEBHOOK_ALLOWED_CIDRS', () => {
  const policy = createAddressPolicy('127.0.0.1/32, 10.20.0.0/16');

  it('opens exactly the listed ranges', () => {
    expect(policy.check('127.0.0.1')).toEqual({ allowed: true });
    expect(policy.check('::ffff:127.0.0.1')).toEqual({ allowed: true });
    expect(policy.check('10.20.3.4')).toEqual({ allowed: true });
    expect(policy.check('127.0.0.2').allowed).toBe(false);
    expect(policy.check('10.21.0.1').allowed).toBe(false);
    expect(policy.check('169.254.169.254').allowed).toBe(false);
    expect(policy.listed('127.0.0.1')).toBe(true);
    expect(policy.listed('8.8.8.8')).toBe(false);
  });

  it('rejects a malformed list naming the entry', () => {
    expect(() => parseCidrList('127.0.0.1/32,10.0.0.0')).toThrow('"10.0.0.0" is not a CIDR range');
    expect(() => parseCidrList('127.0.0.1/33')).toThrow('"127.0.0.1/33"');
    expect(parseCidrList(' ')).toEqual([]);
  });
});

describe('endpoint URL rules', () => {
  const policy = createAddressPolicy('127.0.0.1/32');
  const issueOf = (url: string) => {
    try {
      checkEndpointUrl(url, policy);
    } catch (error) {
      return (error as ValidationError).details?.issue;
    }
    return 'accepted';
  };

  it('accepts https to a name and http only to a listed address', () => {
    expect(issueOf('https://hooks.example.com/in')).toBe('accepted');
    expect(issueOf('http://127.0.0.1:8080/in')).toBe('accepted');
    expect(issueOf('http://hooks.example.com/in')).toContain('must use https');
    expect(issueOf('http://localhost/in')).toContain('must use https');
    expect(issueOf('https://[fd00:ec2::254]/')).toContain('unique local');
    expect(issueOf('https://example.com/in#x')).toContain('fragment');
  });
});
