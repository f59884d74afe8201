import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './auth.server.ts';

describe('clientAddressOf', () => {
  it('takes the client address the adapter reports, so each client counts apart', () => {
    expect(clientAddressOf({ clientAddress: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientAddressOf({ clientAddress: '2001:db8::1' })).toBe('2001:db8::1');
    const unknown = {
      get clientAddress(): string {
        throw new Error('The adapter does not know the address');
      },
    };
    expect(clientAddressOf(unknown)).toBe('unknown');
  });
});
