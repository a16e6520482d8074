/* sl-pairing.c: invitations, the rate limit, session tokens
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <gnutls/crypto.h>

#include "sl-pairing-private.h"
#include "sl-pairing.h"

typedef struct
{
  gint64 time;
  char  *address;
} WrongTry;

struct _SlPairing
{
  GObject         parent_instance;
  SlPairingClock  clock;
  gpointer        clock_data;
  GArray         *invitations;   /* SlInvitation */
  GArray         *wrong;         /* WrongTry, oldest first */
  GPtrArray      *devices;       /* SlDevice */
  GHashTable     *tokens;        /* the token's SHA-256 (hex) → SlDevice */
  guint64         next_id;
};

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SlPairing, sl_pairing, G_TYPE_OBJECT)

static gint64
now (SlPairing *self)
{
  return self->clock != NULL ? self->clock (self->clock_data) : g_get_monotonic_time ();
}

/* Random bytes from GnuTLS's key generator: what tokens and secrets need. */
static void
random_bytes (guint8 *bytes,
              gsize   n)
{
  if (gnutls_rnd (GNUTLS_RND_KEY, bytes, n) != 0)
    g_error ("GnuTLS gave no random bytes");
}

static void
random_hex (char  *out,
            gsize  n_bytes)
{
  guint8 bytes[32];

  g_assert (n_bytes <= sizeof bytes);
  random_bytes (bytes, n_bytes);
  for (gsize i = 0; i < n_bytes; i++)
    g_snprintf (out + 2 * i, 3, "%02x", bytes[i]);
  memset (bytes, 0, sizeof bytes);
}

static char *
token_hash (const char *token)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, token, -1);
}

static void
device_free (gpointer data)
{
  SlDevice *d = data;

  g_free (d->name);
  g_free (d->address);
  g_free (d);
}

static void
wrong_try_clear (gpointer data)
{
  g_free (((WrongTry *) data)->address);
}

static void
sl_pairing_finalize (GObject *object)
{
  SlPairing *self = SL_PAIRING (object);

  g_array_unref (self->invitations);
  g_array_unref (self->wrong);
  g_hash_table_unref (self->tokens);
  g_ptr_array_unref (self->devices);
  G_OBJECT_CLASS (sl_pairing_parent_class)->finalize (object);
}

static void
sl_pairing_class_init (SlPairingClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sl_pairing_finalize;
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
sl_pairing_init (SlPairing *self)
{
  self->invitations = g_array_new (FALSE, TRUE, sizeof (SlInvitation));
  self->wrong = g_array_new (FALSE, TRUE, sizeof (WrongTry));
  g_array_set_clear_func (self->wrong, wrong_try_clear);
  self->devices = g_ptr_array_new_with_free_func (device_free);
  self->tokens = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->next_id = 1;
}

SlPairing *
sl_pairing_new (void)
{
  return g_object_new (SL_TYPE_PAIRING, NULL);
}

void
sl_pairing_set_clock (SlPairing      *self,
                      SlPairingClock  clock,
                      gpointer        data)
{
  g_return_if_fail (SL_IS_PAIRING (self));
  self->clock = clock;
  self->clock_data = data;
}

/* Drops the invitations that have expired, and the devices whose
 * sessions have. */
static void
expire (SlPairing *self)
{
  gint64 t = now (self);

  for (guint i = self->invitations->len; i-- > 0;)
    if (g_array_index (self->invitations, SlInvitation, i).expires <= t)
      g_array_remove_index (self->invitations, i);
  for (guint i = self->devices->len; i-- > 0;)
    {
      SlDevice *d = g_ptr_array_index (self->devices, i);

      if (d->expires <= t)
        sl_pairing_revoke (self, d->id);
    }
}

static gboolean
code_live (SlPairing  *self,
           const char *code)
{
  for (guint i = 0; i < self->invitations->len; i++)
    if (g_str_equal (g_array_index (self->invitations, SlInvitation, i).code, code))
      return TRUE;
  return FALSE;
}

const SlInvitation *
sl_pairing_invite (SlPairing *self,
                   SlViewer   viewer)
{
  SlInvitation invitation = { .viewer = viewer };

  g_return_val_if_fail (SL_IS_PAIRING (self), NULL);
  g_return_val_if_fail (viewer != SL_VIEWER_TABLE, NULL);
  expire (self);
  for (guint i = 0; i < self->invitations->len; i++)
    if (g_array_index (self->invitations, SlInvitation, i).viewer == viewer)
      return &g_array_index (self->invitations, SlInvitation, i);
  random_hex (invitation.secret, 16);
  /* Six digits, uniform (rejection of the top of the range), and no two
   * live invitations with the same code. */
  do
    {
      guint32 r;

      do
        random_bytes ((guint8 *) &r, sizeof r);
      while (r >= G_MAXUINT32 - G_MAXUINT32 % 1000000);
      g_snprintf (invitation.code, sizeof invitation.code, "%06u", r % 1000000);
    }
  while (code_live (self, invitation.code));
  invitation.expires = now (self) + SL_PAIRING_INVITATION_LIFETIME;
  g_array_append_val (self->invitations, invitation);
  return &g_array_index (self->invitations, SlInvitation, self->invitations->len - 1);
}

void
sl_pairing_withdraw (SlPairing *self,
                     SlViewer   viewer)
{
  g_return_if_fail (SL_IS_PAIRING (self));
  for (guint i = self->invitations->len; i-- > 0;)
    if (viewer == SL_VIEWER_TABLE || g_array_index (self->invitations, SlInvitation, i).viewer == viewer)
      g_array_remove_index (self->invitations, i);
}

/* Whether @address may try again now: its wrong tries, and everyone's,
 * within the last minute. */
static gboolean
limited (SlPairing  *self,
         const char *address,
         guint      *retry_after)
{
  gint64 t = now (self);
  guint mine = 0, all;
  gint64 oldest_mine = 0;

  while (self->wrong->len > 0 && g_array_index (self->wrong, WrongTry, 0).time + SL_PAIRING_LIMIT_WINDOW <= t)
    g_array_remove_index (self->wrong, 0);
  all = self->wrong->len;
  for (guint i = 0; i < self->wrong->len; i++)
    {
      WrongTry *w = &g_array_index (self->wrong, WrongTry, i);

      if (g_strcmp0 (w->address, address) == 0)
        mine++;
    }
  if (mine >= SL_PAIRING_LIMIT_PER_ADDRESS)
    {
      guint seen = 0;

      /* The (mine − limit + 1)th oldest of this address's tries. */
      for (guint i = 0; i < self->wrong->len; i++)
        {
          WrongTry *w = &g_array_index (self->wrong, WrongTry, i);

          if (g_strcmp0 (w->address, address) == 0 && ++seen == mine - SL_PAIRING_LIMIT_PER_ADDRESS + 1)
            {
              oldest_mine = w->time;
              break;
            }
        }
      *retry_after = (guint) MAX (1, (oldest_mine + SL_PAIRING_LIMIT_WINDOW - t + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC);
      return TRUE;
    }
  if (all >= SL_PAIRING_LIMIT_ALL)
    {
      gint64 oldest = g_array_index (self->wrong, WrongTry, all - SL_PAIRING_LIMIT_ALL).time;

      *retry_after = (guint) MAX (1, (oldest + SL_PAIRING_LIMIT_WINDOW - t + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC);
      return TRUE;
    }
  return FALSE;
}

/* Compares two strings of the same length in a time that does not
 * depend on where they differ. */
static gboolean
same_secret (const char *a,
             const char *b)
{
  gsize n = strlen (a);
  guint8 diff = 0;

  if (strlen (b) != n)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    diff |= (guint8) (a[i] ^ b[i]);
  return diff == 0;
}

SlPairResult
sl_pairing_pair (SlPairing   *self,
                 const char  *secret,
                 const char  *code,
                 const char  *address,
                 const char  *device_name,
                 SlViewer    *viewer,
                 char       **token,
                 guint       *retry_after)
{
  guint wait = 0;
  int found = -1;
  SlDevice *device;
  char value[65];
  g_autofree char *name = NULL;

  g_return_val_if_fail (SL_IS_PAIRING (self), SL_PAIR_WRONG);
  g_return_val_if_fail (viewer != NULL && token != NULL, SL_PAIR_WRONG);
  *token = NULL;
  expire (self);
  if (limited (self, address, &wait))
    {
      if (retry_after != NULL)
        *retry_after = wait;
      return SL_PAIR_LIMITED;
    }
  for (guint i = 0; i < self->invitations->len && found < 0; i++)
    {
      SlInvitation *inv = &g_array_index (self->invitations, SlInvitation, i);

      if ((secret != NULL && *secret != '\0' && same_secret (inv->secret, secret))
          || (code != NULL && *code != '\0' && same_secret (inv->code, code)))
        found = i;
    }
  if (found < 0)
    {
      WrongTry w = { now (self), g_strdup (address) };

      g_array_append_val (self->wrong, w);
      return SL_PAIR_WRONG;
    }
  *viewer = g_array_index (self->invitations, SlInvitation, found).viewer;
  g_array_remove_index (self->invitations, found);

  random_hex (value, 32);
  device = g_new0 (SlDevice, 1);
  device->id = self->next_id++;
  device->viewer = *viewer;
  name = g_strdup (device_name != NULL && *device_name != '\0' ? device_name : "?");
  device->name = g_utf8_make_valid (name, MIN (strlen (name), 120));
  device->address = g_strdup (address);
  device->paired = g_get_real_time ();
  device->expires = now (self) + SL_PAIRING_SESSION_LIFETIME;
  g_ptr_array_add (self->devices, device);
  g_hash_table_insert (self->tokens, token_hash (value), device);
  *token = g_strdup (value);
  memset (value, 0, sizeof value);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return SL_PAIR_OK;
}

const SlDevice *
sl_pairing_lookup (SlPairing  *self,
                   const char *token)
{
  g_autofree char *hash = NULL;
  SlDevice *device;

  g_return_val_if_fail (SL_IS_PAIRING (self), NULL);
  if (token == NULL || strlen (token) != 64)
    return NULL;
  expire (self);
  hash = token_hash (token);
  device = g_hash_table_lookup (self->tokens, hash);
  return device;
}

GPtrArray *
sl_pairing_get_devices (SlPairing *self)
{
  g_return_val_if_fail (SL_IS_PAIRING (self), NULL);
  return self->devices;
}

gboolean
sl_pairing_revoke (SlPairing *self,
                   guint64    id)
{
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (SL_IS_PAIRING (self), FALSE);
  g_hash_table_iter_init (&iter, self->tokens);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((SlDevice *) value)->id == id)
      {
        g_hash_table_iter_remove (&iter);
        g_ptr_array_remove (self->devices, value);
        g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
        return TRUE;
      }
  return FALSE;
}
