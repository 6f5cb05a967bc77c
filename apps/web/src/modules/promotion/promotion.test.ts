import { describe, expect, it } from 'vitest';
import {
  carFilter,
  chosenTickets,
  clampCount,
  isDefaultFilter,
  isStuck,
  parseTicketsParam,
  priceMarks,
  stickyOffset,
  ticketMax,
  ticketsParam,
  ticketTotals,
  wanLabel,
  yuanLabel,
} from './promotion.ts';

describe('sticky header', () => {
  it('sticks after 10 px on a phone and after 150 px on a desktop', () => {
    expect(stickyOffset(375)).toBe(10);
    expect(stickyOffset(767)).toBe(10);
    expect(stickyOffset(768)).toBe(150);
    expect(stickyOffset(1280)).toBe(150);
    expect(isStuck(10, 375)).toBe(false);
    expect(isStuck(11, 375)).toBe(true);
    expect(isStuck(150, 1280)).toBe(false);
    expect(isStuck(151, 1280)).toBe(true);
    expect(isStuck(0, 1280)).toBe(false);
  });
});

describe('car filter', () => {
  it('sends the slider yuan as cents and km as they are', () => {
    expect(carFilter([18_000, 48_000], [200, 700])).toEqual({
      price_min: 1_800_000,
      price_max: 4_800_000,
      mileage_min: 200,
      mileage_max: 700,
    });
    expect(isDefaultFilter([18_000, 48_000], [200, 700])).toBe(true);
    expect(isDefaultFilter([19_000, 48_000], [200, 700])).toBe(false);
  });

  it('labels the price marks in 万 and the handles in yuan', () => {
    expect(priceMarks()).toEqual({
      10000: '1万',
      20000: '2万',
      30000: '3万',
      40000: '4万',
      50000: '5万',
      60000: '6万',
    });
    expect(wanLabel(18_000)).toBe('1.8万');
    expect(yuanLabel(48_000)).toBe('¥48,000');
  });
});

describe('ticket counters', () => {
  it('allow 0 to 12, never more than the stock or the ticket’s own limit', () => {
    expect(ticketMax({ max_per_order: 12, stock: 500 })).toBe(12);
    expect(ticketMax({ max_per_order: 0, stock: 500 })).toBe(12);
    expect(ticketMax({ max_per_order: 5, stock: 500 })).toBe(5);
    expect(ticketMax({ max_per_order: 12, stock: 3 })).toBe(3);
    expect(ticketMax({ max_per_order: 12, stock: 0 })).toBe(0);
    expect(clampCount(13, 12)).toBe(12);
    expect(clampCount(-1, 12)).toBe(0);
    expect(clampCount('abc', 12)).toBe(0);
    expect(clampCount(2.7, 12)).toBe(2);
    expect(clampCount(null, 12)).toBe(0);
  });

  it('total the chosen tickets', () => {
    const tickets = [
      { goods_id: 1, price: 8000 },
      { goods_id: 2, price: 4000 },
      { goods_id: 3, price: 20000 },
    ];
    expect(ticketTotals(tickets, { 1: 2, 2: 1 })).toEqual({ quantity: 3, amount: 20000 });
    expect(ticketTotals(tickets, {})).toEqual({ quantity: 0, amount: 0 });
  });

  it('become buy-now lines with the prices shown, in the page order', () => {
    const tickets = [
      { goods_id: 1, price: 8000 },
      { goods_id: 2, price: 4000 },
      { goods_id: 3, price: 20000 },
    ];
    expect(chosenTickets(tickets, { 3: 1, 1: 2, 2: 0 })).toEqual([
      { goods_id: 1, quantity: 2, price: 8000 },
      { goods_id: 3, quantity: 1, price: 20000 },
    ]);
    expect(chosenTickets(tickets, {})).toEqual([]);
  });

  it('keep the choice in the URL through the login', () => {
    expect(ticketsParam({ 12: 2, 13: 1, 14: 0 })).toBe('12:2,13:1');
    expect(parseTicketsParam('12:2,13:1')).toEqual({ 12: 2, 13: 1 });
    expect(parseTicketsParam('12:99,x:1,13:0,,14:3')).toEqual({ 12: 12, 14: 3 });
    expect(parseTicketsParam(null)).toEqual({});
  });
});
