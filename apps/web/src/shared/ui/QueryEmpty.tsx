import { Button, Empty } from 'antd';

export interface QueryState {
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The empty state of anything loaded from the server: "nothing yet" when the answer was empty, or
 * 加载失败 with a retry when it never came (transport errors are not toasted, so this is what
 * tells the user; an empty table would pretend there is no data).
 */
export function QueryEmpty({
  query,
  description,
  simple = false,
  failed = '加载失败，请检查网络后重试',
  retry = '重试',
}: {
  query: QueryState;
  description: string;
  simple?: boolean;
  /** The failure and retry wording, for a page in another language (an English microsite). */
  failed?: string;
  retry?: string;
}) {
  const image = simple ? Empty.PRESENTED_IMAGE_SIMPLE : undefined;
  if (!query.isError) return <Empty image={image} description={description} />;
  return (
    <Empty image={image} description={failed}>
      <Button onClick={() => void query.refetch()}>{retry}</Button>
    </Empty>
  );
}
