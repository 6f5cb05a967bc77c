import { type Kysely, sql } from 'kysely';

/**
 * A purchase is 已完成 only when its goods are in stock (issue 35 item 5, ADR 0025 "States"):
 * before, a receipt of every line made it 已完成 while its stock-in records still waited for their
 * check. Such orders go back to 2 (入库中, before 部分到货) until every line's checked records
 * reach its quantity; the check moves them on from now (`purchaseStocked`).
 *
 * A company whose stock-in records were already checked by someone other than their maker keeps
 * that rule: its `stock_in_second_approver` is stored as 1 (the setting is off by default now).
 */
export const purchaseStocked = {
  async up(db: Kysely<unknown>) {
    await sql`update purchases set status = 2
      where status = 3 and exists (
        select 1 from purchase_lines l
        where l.purchase_id = purchases.id and l.quantity > coalesce((
          select sum(i.quantity) from stock_inputs i
          where i.purchase_line_id = l.id and i.status = 1 and i.del_flag = 0), 0))`.execute(db);
    const now = new Date().toISOString();
    await sql`insert into company_settings (company_id, key, value, created_at, updated_at)
      select distinct i.company_id, ${'stock_in_second_approver'}, ${'1'}, ${now}, ${now}
      from stock_inputs i
      where i.status = 1 and i.checked_by is not null and i.created_by is not null
        and i.checked_by <> i.created_by
        and not exists (select 1 from company_settings s
          where s.company_id = i.company_id and s.key = ${'stock_in_second_approver'})`.execute(db);
  },
};
