import { describe, expect, it } from 'vitest';
import { eventActionName } from './orderEvents.ts';

describe('eventActionName', () => {
  it('names every action in Chinese', () => {
    expect(eventActionName('create')).toBe('提交订单');
    expect(eventActionName('pay')).toBe('确认收款');
    expect(eventActionName('expire')).toBe('超时未付款，自动取消');
    expect(eventActionName('something')).toBe('something');
  });
});
