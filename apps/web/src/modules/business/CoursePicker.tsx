import { Select, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { useBoardCourses } from './useBoard.ts';

/**
 * The course an instructor's page is about: the one in the address (`course_id`), else the first
 * they teach; `picker` chooses another (kept in the address, so a link or a reload keeps it).
 */
export function useChosenCourse(id: string) {
  const [search, setSearch] = useSearchParams();
  const courses = useBoardCourses();
  const list = courses.data?.results ?? [];
  const chosen = Number(search.get('course_id')) || list[0]?.id || 0;
  const picker = (
    <Space wrap className="board-head">
      <label htmlFor={id}>课程</label>
      <Select
        id={id}
        value={chosen || undefined}
        style={{ minWidth: 220 }}
        options={list.map((c) => ({ value: c.id, label: c.code ? `${c.code} ${c.name}` : c.name }))}
        onChange={(v: number) => setSearch({ course_id: String(v) })}
      />
    </Space>
  );
  return { courses, list, chosen, picker };
}
