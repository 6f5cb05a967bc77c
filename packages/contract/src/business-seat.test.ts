import { describe, expect, it } from 'vitest';
import { BUSINESS_COMMANDS } from './business-run.ts';
import {
  COME,
  CONTROL,
  SEAT_DEFAULTS,
  SITTING,
  SPEAK_REQUEST,
  STANDING,
  seatFunctions,
  seatRefusal,
  speechRefusal,
} from './business-seat.ts';

const free = { can_end: false, control_status: CONTROL.off };
const managed = { can_end: false, control_status: CONTROL.on };
const host = { can_end: true, control_status: CONTROL.on };
const seated = { ...SEAT_DEFAULTS, sitting_status: SITTING.in };
const names = (list: { name: string; disable: boolean }[]) =>
  list.map((f) => `${f.name}${f.disable ? '×' : ''}`);

describe('a seat’s buttons', () => {
  it('show the half of each pair that applies, and only what the set-up offers', () => {
    expect(names(seatFunctions(['seat', 'stand', 'speak'], SEAT_DEFAULTS, free, BUSINESS_COMMANDS))).toEqual([
      '入席',
      '起立×',
      '申请发言×',
    ]);
    const standing = { ...seated, stand_status: STANDING.standing };
    expect(names(seatFunctions(['seat', 'stand'], standing, free, BUSINESS_COMMANDS))).toEqual([
      '退席',
      '坐下',
    ]);
    expect(seatFunctions(['exit'], SEAT_DEFAULTS, free, BUSINESS_COMMANDS)).toEqual([]);
  });

  it('are all disabled, saying why, for a role still waiting to be brought in', () => {
    const outside = seatFunctions(
      ['seat', 'vote'],
      { ...SEAT_DEFAULTS, come_status: COME.waiting },
      free,
      BUSINESS_COMMANDS,
    );
    expect(names(outside)).toEqual(['入席×', '表决×']);
    expect(new Set(outside.map((f) => f.hint))).toEqual(new Set(['请等待主持人把你带入环节']));
    expect(
      names(seatFunctions(['seat'], { ...SEAT_DEFAULTS, come_status: COME.in }, free, BUSINESS_COMMANDS)),
    ).toEqual(['入席']);
  });

  it('give expression management to a seat that may end the node and asking to speak to the others', () => {
    expect(names(seatFunctions(['control', 'speak'], SEAT_DEFAULTS, host, BUSINESS_COMMANDS))).toEqual([
      '表达管理',
    ]);
    expect(names(seatFunctions(['control', 'speak'], SEAT_DEFAULTS, managed, BUSINESS_COMMANDS))).toEqual([
      '申请发言',
    ]);
  });
});

describe('what a seat may do', () => {
  it('asks to speak only under management, once at a time, when its speeches are spent', () => {
    expect(seatRefusal('action_role_apply_speak', SEAT_DEFAULTS, free)).toBe(
      '表达管理没有开启，可以直接发言',
    );
    expect(seatRefusal('action_role_apply_speak', SEAT_DEFAULTS, managed)).toBe('');
    const waiting = { ...SEAT_DEFAULTS, speak_request: SPEAK_REQUEST.waiting };
    expect(seatRefusal('action_role_apply_speak', waiting, managed)).toBe('你的发言申请正在等待审批');
    expect(seatRefusal('action_role_apply_speak', { ...SEAT_DEFAULTS, speak_times: 2 }, managed)).toBe(
      '你还可以发言2次',
    );
  });

  it('speaks freely unless management is on and it may not end the node and has no speech left', () => {
    expect(speechRefusal(SEAT_DEFAULTS, free)).toBe('');
    expect(speechRefusal(SEAT_DEFAULTS, host)).toBe('');
    expect(speechRefusal({ ...SEAT_DEFAULTS, speak_times: 1 }, managed)).toBe('');
    expect(speechRefusal(SEAT_DEFAULTS, managed)).toMatch(/^表达管理已开启/);
  });
});
