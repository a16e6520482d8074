/* sl-locks.c: the PINs of the private views (see sl-locks.h)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-hash.h"
#include "sl-locks.h"
#include "sl-random.h"
#include "sl-text.h"

/* One PIN, as saved. */
typedef struct
{
  guint    rounds;     /* PBKDF2's; 0: one salted SHA-256 (format 4) */
  char    *salt;       /* hex */
  char    *hash;       /* hex, 64 digits */
  gint64   set_at;     /* seconds since 1970, 0 when not known */
  GStrv    set_with;   /* the referee's: the sides locked when it was set */
} Lock;

struct _SlLocks
{
  GHashTable *locks;       /* side id or SL_LOCK_REFEREE → Lock */
  GHashTable *trusting;    /* side ids whose views the referee's PIN opens */
  guint       wrong;       /* wrong PINs in a row */
  gint64      retry_at;    /* monotonic time of the next try */
};

static void
lock_free (gpointer data)
{
  Lock *lock = data;

  g_free (lock->salt);
  g_free (lock->hash);
  g_strfreev (lock->set_with);
  g_free (lock);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Lock, lock_free)

SlLocks *
sl_locks_new (void)
{
  SlLocks *locks = g_new0 (SlLocks, 1);

  locks->locks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, lock_free);
  locks->trusting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return locks;
}

void
sl_locks_free (SlLocks *locks)
{
  if (locks == NULL)
    return;
  g_hash_table_unref (locks->locks);
  g_hash_table_unref (locks->trusting);
  g_free (locks);
}

/* The hash of @pin as @lock saves it: PBKDF2 with its rounds, or the
 * salted SHA-256 of format 4. */
static char *
pin_hash (const Lock *lock,
          const char *pin)
{
  guint8 salt[64], out[SL_PBKDF2_SIZE];
  gsize n;

  if (lock->rounds == 0)
    {
      g_autofree char *text = g_strdup_printf ("squadlog-pin-1:%s:%s", lock->salt, pin);

      return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
    }
  /* At most 128 digits (read_lock). */
  n = sl_text_from_hex (lock->salt, salt, sizeof salt);
  g_assert (n > 0);
  sl_hash_pbkdf2 (pin, salt, n, lock->rounds, out);
  return sl_text_hex (out, sizeof out);
}

/* A new lock of @pin: a salt no one can work out beforehand, from the
 * system's secure random source (a system without one stops here rather
 * than set a weaker lock), and as many rounds as take this machine
 * SL_LOCK_SECONDS. */
static Lock *
lock_new (const char *pin,
          gint64      now)
{
  g_autoptr(GError) error = NULL;
  guint8 salt[16];
  Lock *lock = g_new0 (Lock, 1);

  if (!sl_random_bytes (salt, sizeof salt, &error))
    g_error ("%s", error->message);
  lock->salt = sl_text_hex (salt, sizeof salt);
  lock->rounds = sl_hash_pbkdf2_rounds (SL_LOCK_SECONDS, SL_LOCK_MIN_ROUNDS);
  lock->hash = pin_hash (lock, pin);
  lock->set_at = now;
  return lock;
}

/* Reading */

static GStrv
read_sides (SlReader      *r,
            const char    *field,
            const SlSetup *setup)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  guint n = sl_reader_array_length (r, field);

  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      const char *side = sl_reader_array_string (r, field, i);

      if (side != NULL && sl_setup_find_side (setup, side) < 0)
        {
          g_autofree char *at = g_strdup_printf ("%s[%u]", field, i);

          sl_reader_fail (r, at, _("There is no side “%s” in this game."), side);
        }
      else if (side != NULL)
        g_strv_builder_add (b, side);
    }
  return g_strv_builder_end (b);
}

/* One lock: {"salt", "pbkdf2_sha256", "rounds", "set_at"} (the referee's
 * with "set_with" and "opens"), or {"salt", "sha256"} from format 4. */
static Lock *
read_lock (SlLocks       *locks,
           SlReader      *r,
           gboolean       referee,
           const SlSetup *setup)
{
  g_autoptr(Lock) lock = g_new0 (Lock, 1);
  gboolean old = sl_reader_has (r, "sha256");
  const char *field = old ? "sha256" : "pbkdf2_sha256";

  sl_reader_require (r, "salt");
  if (!old)
    {
      sl_reader_require (r, "pbkdf2_sha256");
      sl_reader_require (r, "rounds");
    }
  lock->salt = g_strdup (sl_reader_string (r, "salt", ""));
  lock->hash = g_strdup (sl_reader_string (r, field, ""));
  lock->rounds = old ? 0 : sl_reader_int (r, "rounds", 1, SL_LOCK_MAX_ROUNDS, SL_LOCK_MIN_ROUNDS);
  lock->set_at = (gint64) sl_reader_number (r, "set_at", 0, 1e12, 0);
  if (referee && sl_reader_ok (r))
    {
      g_auto(GStrv) opens = read_sides (r, "opens", setup);

      lock->set_with = read_sides (r, "set_with", setup);
      for (guint i = 0; opens[i] != NULL; i++)
        g_hash_table_add (locks->trusting, g_strdup (opens[i]));
    }
  if (!sl_reader_ok (r))
    return NULL;
  /* Issue 30 #10: a hash that is not hex matches no PIN: such a lock
   * could never be opened. */
  if (!sl_text_is_hex (lock->salt, -1) || strlen (lock->salt) > 128 || strlen (lock->salt) % 2 != 0)
    sl_reader_fail (r, "salt", _("A lock’s salt is an even number of hexadecimal digits, at most 128."));
  else if (!sl_text_is_hex (lock->hash, 64))
    sl_reader_fail (r, field, _("A lock’s hash is 64 hexadecimal digits: this one matches no PIN, and the view could never be opened."));
  if (!sl_reader_end (r))
    return NULL;
  return g_steal_pointer (&lock);
}


gboolean
sl_locks_load (SlLocks       *locks,
               JsonNode      *node,
               const SlSetup *setup,
               SlReadContext *ctx)
{
  g_autoptr(SlReader) r = sl_reader_new (ctx, node, "locks");
  g_autoptr(GList) members = NULL;

  if (!sl_reader_ok (r))
    return FALSE;
  members = sl_reader_members (r);
  for (GList *m = members; m != NULL && sl_reader_ok (r); m = m->next)
    {
      const char *who = m->data;
      gboolean referee = g_str_equal (who, SL_LOCK_REFEREE);
      g_autoptr(SlReader) lr = NULL;
      Lock *lock;

      if (!referee && sl_setup_find_side (setup, who) < 0)
        {
          sl_reader_fail (r, who, _("There is no side “%s” in this game."), who);
          break;
        }
      lr = sl_reader_object (r, who);
      if (lr == NULL || (lock = read_lock (locks, lr, referee, setup)) == NULL)
        break;
      g_hash_table_replace (locks->locks, g_strdup (who), lock);
    }
  return sl_reader_ok (r) && !sl_read_context_failed (ctx);
}

/* Writing */

static int
compare_strings (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
append_sides (GString    *out,
              const char *name,
              GStrv       sides)
{
  g_string_append_printf (out, ", \"%s\": [", name);
  for (guint i = 0; sides != NULL && sides[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      sl_json_append_string (out, sides[i]);
    }
  g_string_append_c (out, ']');
}

static void
append_lock (SlLocks    *locks,
             GString    *out,
             const char *who,
             const Lock *lock)
{
  g_string_append (out, "{\"salt\": ");
  sl_json_append_string (out, lock->salt);
  if (lock->rounds == 0)
    g_string_append (out, ", \"sha256\": ");
  else
    g_string_append_printf (out, ", \"rounds\": %u, \"pbkdf2_sha256\": ", lock->rounds);
  sl_json_append_string (out, lock->hash);
  if (lock->set_at > 0)
    g_string_append_printf (out, ", \"set_at\": %" G_GINT64_FORMAT, lock->set_at);
  if (g_str_equal (who, SL_LOCK_REFEREE))
    {
      g_autofree const char **opens = (const char **) g_hash_table_get_keys_as_array (locks->trusting, NULL);

      g_qsort_with_data (opens, g_hash_table_size (locks->trusting), sizeof *opens,
                         compare_strings, NULL);
      append_sides (out, "set_with", lock->set_with);
      append_sides (out, "opens", (GStrv) opens);
    }
  g_string_append_c (out, '}');
}

void
sl_locks_append (SlLocks *locks,
                 GString *out)
{
  g_autoptr(GList) who = NULL;

  if (g_hash_table_size (locks->locks) == 0)
    return;
  who = g_list_sort (g_hash_table_get_keys (locks->locks), (GCompareFunc) strcmp);
  g_string_append (out, ",\n  \"locks\": {");
  for (GList *l = who; l != NULL; l = l->next)
    {
      g_string_append (out, l == who ? "" : ", ");
      sl_json_append_string (out, l->data);
      g_string_append (out, ": ");
      append_lock (locks, out, l->data, g_hash_table_lookup (locks->locks, l->data));
    }
  g_string_append_c (out, '}');
}

/* Checking and setting */

gboolean
sl_locks_has (SlLocks    *locks,
              const char *who)
{
  return g_hash_table_contains (locks->locks, who);
}

SlPinCheck
sl_locks_try (SlLocks    *locks,
              const char *who,
              const char *pin,
              gint64      now_us,
              gint64     *retry_at,
              gboolean   *rehashed)
{
  Lock *lock = g_hash_table_lookup (locks->locks, who);
  g_autofree char *hash = NULL;
  gint64 wait, hashing;

  *rehashed = FALSE;
  *retry_at = locks->retry_at;
  if (lock == NULL)
    return SL_PIN_OPENS;
  /* Issue 30 #4: a wrong PIN makes the next try wait, whoever's it is. */
  if (now_us < locks->retry_at)
    return SL_PIN_WAIT;
  hashing = g_get_monotonic_time ();
  hash = pin_hash (lock, pin != NULL ? pin : "");
  /* The wait starts once the slow hash has told: on a busy machine it may
   * take longer than the wait itself. */
  hashing = g_get_monotonic_time () - hashing;
  if (g_str_equal (hash, lock->hash))
    {
      locks->wrong = 0;
      locks->retry_at = 0;
      *retry_at = 0;
      if (lock->rounds == 0)
        {
          /* Saved again with the slow hash; when it was set stays
           * unknown. */
          Lock *again = lock_new (pin, 0);

          again->set_with = g_steal_pointer (&lock->set_with);
          g_hash_table_replace (locks->locks, g_strdup (who), again);
          *rehashed = TRUE;
        }
      return SL_PIN_OPENS;
    }
  locks->wrong = MIN (locks->wrong + 1, 30u);
  wait = MIN ((gint64) 1 << (locks->wrong - 1), SL_LOCK_MAX_WAIT_SECONDS);
  locks->retry_at = now_us + hashing + wait * G_USEC_PER_SEC;
  *retry_at = locks->retry_at;
  return locks->wrong % SL_LOCK_WRONG_TO_CLOSE == 0 ? SL_PIN_CLOSE : SL_PIN_WRONG;
}

gint64
sl_locks_retry_at (SlLocks *locks)
{
  return locks->retry_at;
}

gboolean
sl_locks_referee_opens (SlLocks    *locks,
                        const char *side)
{
  return g_hash_table_contains (locks->locks, SL_LOCK_REFEREE) && g_hash_table_contains (locks->trusting, side);
}

GStrv
sl_locks_to_open (SlLocks       *locks,
                  const SlSetup *setup,
                  const char    *who)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  gboolean referee = g_str_equal (who, SL_LOCK_REFEREE);

  if (g_hash_table_contains (locks->locks, who))
    g_strv_builder_add (b, who);
  for (guint s = 0; referee && s < setup->sides->len; s++)
    {
      const char *side = sl_setup_side_at (setup, s)->id;

      if (g_hash_table_contains (locks->locks, side) && !sl_locks_referee_opens (locks, side))
        g_strv_builder_add (b, side);
    }
  return g_strv_builder_end (b);
}

void
sl_locks_set_referee_opens (SlLocks    *locks,
                            const char *side,
                            gboolean    opens)
{
  if (opens)
    g_hash_table_add (locks->trusting, g_strdup (side));
  else
    g_hash_table_remove (locks->trusting, side);
}

void
sl_locks_set (SlLocks       *locks,
              const SlSetup *setup,
              const char    *who,
              const char    *pin,
              gint64         now)
{
  gboolean referee = g_str_equal (who, SL_LOCK_REFEREE);

  if (!referee)
    /* Issue 30 #3: a side's new PIN is its own until it says otherwise. */
    sl_locks_set_referee_opens (locks, who, FALSE);
  if (pin == NULL || *pin == '\0')
    {
      g_hash_table_remove (locks->locks, who);
      if (referee)
        g_hash_table_remove_all (locks->trusting);
      return;
    }
  if (referee)
    {
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
      Lock *lock = lock_new (pin, now);

      /* The view it is set in opened past every side locked now (their
       * PINs, or a referee's PIN they trusted). */
      g_hash_table_remove_all (locks->trusting);
      for (guint s = 0; s < setup->sides->len; s++)
        {
          const char *side = sl_setup_side_at (setup, s)->id;

          if (g_hash_table_contains (locks->locks, side))
            {
              g_strv_builder_add (b, side);
              g_hash_table_add (locks->trusting, g_strdup (side));
            }
        }
      lock->set_with = g_strv_builder_end (b);
      g_hash_table_replace (locks->locks, g_strdup (who), lock);
      return;
    }
  g_hash_table_replace (locks->locks, g_strdup (who), lock_new (pin, now));
}
