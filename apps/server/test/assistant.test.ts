import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Assistants (issue 34, docs/adr/0038 decision 6): `/account/get/assistants`,
 * `/account/set/assistants`, `/account/unset/assistant`, `/account/set/assistant/actions` — a
 * principal names people holding the assistant role in their company and gives them actions of
 * their own; an assistant then does exactly those.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let a1: number;
let b1: number;
let manager: Who;
let otherPrincipal: Who;
let helper: Who;
let spare: Who;
let stranger: Who;
let shop: Who;

const { get, post } = jsonCalls(() => h.app);

beforeAll(async () => {
  h = await testApp();
  a1 = await h.company('助理甲公司');
  b1 = await h.company('助理乙公司');
  [manager, otherPrincipal, helper, spare, stranger, shop] = await Promise.all([
    h.as(3, a1),
    h.as(3, a1),
    h.as(7, a1),
    h.as(7, a1),
    h.as(7, b1),
    h.as(12, a1),
  ]);
});
afterAll(() => h.close());

describe('assistants', () => {
  it('a manager names an assistant, who then does exactly the one action given', async () => {
    // Before being named, the assistant acts on the role's own actions.
    expect((await get('/department/tree', helper)).c).toBe(0);
    expect((await get('/account/list', helper)).c).toBe(0);
    const options = (await get('/account/assistant/options', manager)).d.results;
    expect(options.map((o: { user_id: number }) => o.user_id)).toEqual(
      expect.arrayContaining([helper.user.id, spare.user.id]),
    );
    expect(options.map((o: { user_id: number }) => o.user_id)).not.toContain(stranger.user.id);
    const named = await post('/account/set/assistants', { user_ids: helper.user.id }, manager);
    expect(named.d.results).toEqual([expect.objectContaining({ user_id: helper.user.id, codenames: [] })]);
    expect(named.d.grantable.map((g: { codename: string }) => g.codename)).toContain('view_department');
    // Named with nothing given: nothing.
    expect((await get('/department/tree', helper)).c).toBe(Codes.FORBIDDEN.c);
    const given = await post(
      '/account/set/assistant/actions',
      { user_id: helper.user.id, codenames: 'view_department' },
      manager,
    );
    expect(given.d.codenames).toEqual(['view_department']);
    expect((await get('/department/tree', helper)).c).toBe(0);
    expect((await get('/account/list', helper)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/department/create', { name: '助理建的' }, helper)).c).toBe(Codes.FORBIDDEN.c);
    const perm = (await get('/account/permission', helper)).d;
    expect(Object.values(perm).flat()).toEqual([expect.objectContaining({ codename: 'view_department' })]);
    // Unset: back to the role's own actions.
    const unset = await post('/account/unset/assistant', { user_id: helper.user.id }, manager);
    expect(unset.d.results).toEqual([]);
    expect((await get('/account/list', helper)).c).toBe(0);
  });

  it('gives only actions the principal holds, names only the company’s assistant-role holders, one principal each', async () => {
    await post('/account/set/assistants', { user_ids: spare.user.id }, manager);
    const more = await post(
      '/account/set/assistant/actions',
      { user_id: spare.user.id, codenames: 'view_department,add_goods' },
      manager,
    );
    expect(more).toMatchObject({ c: Codes.ACTION_NOT_HELD.c, field: 'codenames' });
    expect((await get('/account/get/assistants', manager)).d.results[0].codenames).toEqual([]);
    expect((await post('/account/set/assistants', { user_ids: stranger.user.id }, manager)).c).toBe(
      Codes.ASSISTANT_ROLE_NEEDED.c,
    );
    expect((await post('/account/set/assistants', { user_ids: shop.user.id }, manager)).c).toBe(
      Codes.ASSISTANT_ROLE_NEEDED.c,
    );
    expect((await post('/account/set/assistants', { user_ids: spare.user.id }, otherPrincipal)).c).toBe(
      Codes.ASSISTANT_TAKEN.c,
    );
    expect(
      (
        await post(
          '/account/set/assistant/actions',
          { user_id: spare.user.id, codenames: '' },
          otherPrincipal,
        )
      ).c,
    ).toBe(Codes.NOT_AN_ASSISTANT.c);
    expect((await post('/account/unset/assistant', { user_id: spare.user.id }, otherPrincipal)).c).toBe(
      Codes.NOT_AN_ASSISTANT.c,
    );
    // Two principals naming one person at once: one wins.
    const free = await h.as(7, a1);
    const raced = await Promise.all(
      [manager, otherPrincipal].map((p) => post('/account/set/assistants', { user_ids: free.user.id }, p)),
    );
    expect(raced.filter((r) => r.c === 0)).toHaveLength(1);
    expect(raced.filter((r) => r.c === Codes.ASSISTANT_TAKEN.c)).toHaveLength(1);
  });

  it('refuses anonymous callers, roles without the permission and bad input', async () => {
    expect((await get('/account/get/assistants')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/account/get/assistants', shop)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get('/account/get/assistants', helper)).c).toBe(Codes.FORBIDDEN.c);
    // The super administrator holds every action, but has no assistant role to name.
    expect((await get('/account/get/assistants', await h.as(1, a1))).c).toBe(Codes.NO_ASSISTANTS_FOR_ROLE.c);
    expect((await post('/account/set/assistants', { user_ids: 'x' }, manager)).field).toBe('user_ids');
    expect(
      (await post('/account/set/assistant/actions', { user_id: spare.user.id, codenames: 'nope' }, manager))
        .field,
    ).toBe('codenames');
  });
});
