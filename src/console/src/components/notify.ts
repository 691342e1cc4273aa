import { notifications } from '@mantine/notifications';

export const notifyOk = (message: string) => notifications.show({ color: 'green', message });
export const notifyError = (message: string) => notifications.show({ color: 'red', message, autoClose: 8000 });
