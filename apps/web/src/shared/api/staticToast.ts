/** antd's static message: toast.ts loads it only for a toast before the app frame is mounted. */
export { message } from 'antd';
