import { businessBoardCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

/** The board reads its course again this often: it shows teams acting live. */
export const BOARD_REFRESH_MS = 5000;

export const boardKeys = {
  all: ['business-board'] as const,
  courses: () => [...boardKeys.all, 'courses'] as const,
  board: (courseId: number) => [...boardKeys.all, 'board', courseId] as const,
};

export const useBoardCourses = () =>
  useQuery({ queryKey: boardKeys.courses(), queryFn: () => api.call(businessBoardCalls.courses, {}) });

export const useBoard = (courseId: number) =>
  useQuery({
    queryKey: boardKeys.board(courseId),
    queryFn: () => api.call(businessBoardCalls.board, { course_id: courseId }),
    enabled: courseId > 0,
    refetchInterval: (q) => (q.state.status === 'error' ? false : BOARD_REFRESH_MS),
  });

/** 我的课堂: the instructor's courses with their projects, students and businesses counted. */
export const useCourseSummaries = () =>
  useQuery({
    queryKey: [...boardKeys.all, 'summaries'],
    queryFn: () => api.call(businessBoardCalls.summaries, {}),
  });

/** A course's students and businesses with who sits where. */
export const useCoursePeople = (courseId: number) =>
  useQuery({
    queryKey: [...boardKeys.all, 'people', courseId],
    queryFn: () => api.call(businessBoardCalls.people, { course_id: courseId }),
    enabled: courseId > 0,
  });
