/** The designer of a flow (spec 001 §2: `/workflow/draw/{flow_id}`, in the manager area's frame). */
export const drawPath = (id: number) => `/workflow/draw/${id}`;

/** A step of a flow's set-up (spec 001 §2: `workflow/set/{flow_id}`, steps 0–3). */
export const setPath = (id: number, step: number) => `/manager/workflow/set/${id}/${step}`;
