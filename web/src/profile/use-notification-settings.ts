/** The signed-in member's notification settings, read and saved through the SDK. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@scout/sdk/notifications';
import { scout } from '../lib/sdk.ts';

/** Cached per member: the next member on this device never sees the last one's choices. */
const settingsKey = (userId: string) => ['notification-settings', userId] as const;

export function useNotificationSettings(userId: string) {
  return useQuery({
    queryKey: settingsKey(userId),
    queryFn: () => scout.notifications.getSettings(),
  });
}

export function useSaveNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => scout.notifications.updateSettings(settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(userId), saved),
  });
}
