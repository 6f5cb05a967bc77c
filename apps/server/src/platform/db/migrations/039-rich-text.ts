import { textToRichText } from '@portal/contract';
import { type Kysely, sql } from 'kysely';

/** The columns that hold rich text from now on (ADR 0030). */
const COLUMNS = [
  ['goods', 'description'],
  ['news', 'body'],
] as const;

/**
 * Rich text (ADR 0030): the goods' 商品详情 and a news article's 正文 become HTML. What was written
 * before was plain text (ADR 0021, ADR 0027): each is stored as its paragraphs — `<p>` per blank
 * line, `<br>` per line break, every character escaped (`textToRichText`) — so every row has one
 * format and the pages show them as they showed the text. 500 rows at a time, in id order.
 */
export const richText = {
  async up(db: Kysely<unknown>) {
    for (const [table, column] of COLUMNS) {
      let after = 0;
      for (;;) {
        const { rows } = await sql<{ id: number; text: string }>`select id, ${sql.ref(column)} as text
          from ${sql.table(table)} where id > ${after} and ${sql.ref(column)} <> '' order by id limit 500`.execute(
          db,
        );
        for (const row of rows)
          await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${textToRichText(row.text)}
            where id = ${row.id}`.execute(db);
        const last = rows.at(-1);
        if (!last) break;
        after = Number(last.id);
      }
    }
  },
};
