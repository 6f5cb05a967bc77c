import { Modal } from 'antd';
import { PasswordForm } from './PasswordForm.tsx';

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="修改密码" open={open} onCancel={onClose} footer={null} destroyOnHidden width={440}>
      <PasswordForm onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
