import { describe, expect, it } from 'vitest';
import { hostSegment } from './company.service.ts';

describe('host segment', () => {
  it('takes the first label of a domain name', () => {
    expect(hostSegment('qf.example.com')).toBe('qf');
    expect(hostSegment('IOT.example.com:8080')).toBe('iot');
  });
  it('has none for localhost and addresses', () => {
    expect(hostSegment('localhost:3000')).toBeUndefined();
    expect(hostSegment('127.0.0.1')).toBeUndefined();
    expect(hostSegment('[::1]:3000')).toBeUndefined();
    expect(hostSegment(undefined)).toBeUndefined();
  });
});
