import { problemMessage, USER_PHOTO_MAX_BYTES, USER_PHOTO_TYPES, type User, userItem, validationMessage } from '@kovanica/contract';
import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api.ts';
import { usersApi } from '../lib/apis/users.ts';
import { fileToBase64 } from '../lib/files.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { DEFAULT_PHOTO, getSession, personalInfoOf, setPersonalInfo } from '../lib/session.ts';
import { failureText } from './failure-alert.tsx';

const isSignedIn = (userId: number) => getSession().personalInfo.id === userId;

/**
 * Uploads a user's photo (the server checks, squares and stores it). One's own answer goes into the
 * session at once, so the header and the quick-user panel show the new photo without a reload.
 */
function useUploadPhoto(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      apiRequest(`/users/${userId}/photo`, { method: 'POST', body: { image: await fileToBase64(file) }, schema: userItem }),
    onSuccess: (user: User) => {
      if (isSignedIn(user.id)) setPersonalInfo(personalInfoOf(user));
      return queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
    },
  });
}

/** Removes a user's photo: the default picture (or their initials) shows again everywhere. */
function useRemovePhoto(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/users/${userId}/photo`, { method: 'DELETE' }),
    onSuccess: () => {
      if (isSignedIn(userId)) setPersonalInfo({ ...getSession().personalInfo, photo: DEFAULT_PHOTO });
      return queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
    },
  });
}

interface UserPhotoProps {
  userId: number;
  /** The account's `photo` URL; empty, null or the default picture when it has none. */
  photo: string | null;
  fullName: string;
}

/**
 * A user's photo (or their initials) with upload and remove: on one's profile, and on an admin's
 * user edit form (the server's rule for the `photo` field: oneself, or an admin; decision 0029).
 * The type and size are checked here first (the same limits and texts as the server's); the server
 * checks the content again.
 */
export function UserPhoto({ userId, photo, fullName }: UserPhotoProps) {
  const { t } = useTranslation();
  const upload = useUploadPhoto(userId);
  const remove = useRemovePhoto(userId);
  const [error, setError] = useState<string | null>(null);
  const hasPhoto = !!photo && photo !== DEFAULT_PHOTO;
  const own = isSignedIn(userId);

  const choose = (file: File | null) => {
    if (!file) return;
    setError(null);
    const lang = currentLanguage();
    if (!(USER_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(validationMessage(lang, 'photo_type'));
    if (file.size > USER_PHOTO_MAX_BYTES)
      return setError(problemMessage(lang, 'photo_too_large', { max: USER_PHOTO_MAX_BYTES / 1024 / 1024 }));
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'teal', message: t(own ? 'user.photoSaved' : 'user.photoSavedOther') }),
      onError: (e) => setError(failureText(e, t('errors.genericText'))),
    });
  };
  const drop = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: t(own ? 'user.photoRemoved' : 'user.photoRemovedOther') }),
      onError: (e) => setError(failureText(e, t('errors.genericText'))),
    });
  };

  return (
    <Stack gap="xs" align="flex-start" style={{ flexShrink: 0 }}>
      <Avatar
        src={hasPhoto ? photo : null}
        name={fullName}
        color="initials"
        alt={t('user.photoAlt', { name: fullName })}
        size={96}
        radius="md"
      />
      <FileButton onChange={choose} accept={USER_PHOTO_TYPES.join(',')}>
        {(props) => (
          <Button {...props} size="xs" variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
            {hasPhoto ? t('user.photoChange') : t('user.photoUpload')}
          </Button>
        )}
      </FileButton>
      {hasPhoto && (
        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={drop} loading={remove.isPending}>
          {t('user.photoRemove')}
        </Button>
      )}
      <Text size="xs" c="dimmed">
        {t('user.photoHint', { max: USER_PHOTO_MAX_BYTES / 1024 / 1024 })}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
