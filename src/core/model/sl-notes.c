/* sl-notes.c: sealed notes (P-28, P-37 step 2, P-38 step 3) — see
 * sl-notes.h for how the seal works
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-check.h"

#include "sl-json.h"
#include "sl-notes.h"
#include "sl-random.h"

const char * const sl_note_kind_names[] = {
  "hidden-unit", "mine", "charge", "sensor", "holotarp", "fire-mission", "other", NULL
};

gboolean
sl_note_kind_may_be_dud (SlNoteKind kind)
{
  return kind != SL_NOTE_HIDDEN_UNIT;
}

const char *
sl_note_kind_label (SlNoteKind kind)
{
  switch (kind)
    {
    case SL_NOTE_HIDDEN_UNIT:
      return _("where a hidden unit lies");
    case SL_NOTE_MINE:
      return _("a mine");
    case SL_NOTE_CHARGE:
      return _("a concealed charge");
    case SL_NOTE_SENSOR:
      return _("a concealed ground sensor");
    case SL_NOTE_HOLOTARP:
      return _("what is under a holotarp");
    case SL_NOTE_FIRE_MISSION:
      return _("a fire mission’s target");
    case SL_NOTE_OTHER:
    case SL_N_NOTE_KINDS:
    default:
      return _("a note");
    }
}

SlNote *
sl_note_ref (SlNote *note)
{
  return g_atomic_rc_box_acquire (note);
}

static void
note_clear (gpointer data)
{
  SlNote *note = data;

  g_free (note->text);
}

void
sl_note_unref (SlNote *note)
{
  g_atomic_rc_box_release_full (note, note_clear);
}

char *
sl_note_digest (const char *side_id,
                SlNoteKind  kind,
                gint64      sealed_at,
                const char *nonce,
                const char *text)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *when = g_strdup_printf ("%" G_GINT64_FORMAT, sealed_at);
  const char *parts[] = { "squadlog-seal-1", side_id, sl_note_kind_names[kind], when, nonce, text };

  /* Each part ends with a NUL, so no two notes hash the same text. */
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_checksum_update (sum, (const guchar *) parts[i], strlen (parts[i]) + 1);
  return g_strdup (g_checksum_get_string (sum));
}

char *
sl_note_seal_code (const char *digest)
{
  /* 64 bits of the digest, read aloud in groups of four: finding another
   * text with the same code takes some 2^64 tries, a pair of them 2^32 —
   * and the nonce is the app's own. */
  if (digest == NULL || strlen (digest) < 16)
    return g_strdup ("???? ???? ???? ????");
  return g_strdup_printf ("%.4s %.4s %.4s %.4s", digest, digest + 4, digest + 8, digest + 12);
}

char *
sl_note_time_label (const SlNote *note)
{
  g_autoptr(GDateTime) t = g_date_time_new_from_unix_local (note->sealed_at);

  /* Translators: the time a note was sealed, strftime format. */
  return t ? g_date_time_format (t, _("%H:%M")) : g_strdup ("?");
}

static gboolean
random_nonce (char out[33])
{
  guint8 bytes[16];

  /* The system's secure random source, never a predictable generator. */
  if (!sl_random_bytes (bytes, sizeof bytes, NULL))
    return FALSE;
  for (guint i = 0; i < sizeof bytes; i++)
    g_snprintf (out + 2 * i, 3, "%02x", bytes[i]);
  return TRUE;
}

JsonNode *
sl_notes_prepare (JsonNode   *command,
                  const char *side_id,
                  SlNoteKind  kind,
                  const char *text_field,
                  GError    **error)
{
  JsonObject *o = json_node_get_object (command);
  JsonNode *copy;
  JsonObject *c;
  const char *text;
  char nonce[33];
  gint64 when;
  g_autofree char *digest = NULL;

  if (!json_object_has_member (o, text_field) ||
      !JSON_NODE_HOLDS_VALUE (json_object_get_member (o, text_field)) ||
      json_node_get_value_type (json_object_get_member (o, text_field)) != G_TYPE_STRING)
    return NULL;
  /* The seal is the app's own: a player who chose the nonce could prepare
   * two texts with the same code. */
  for (guint i = 0; i < 3; i++)
    {
      static const char * const fields[] = { "nonce", "sealed_at", "digest" };

      if (json_object_has_member (o, fields[i]))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, fields[i],
                             _("A note’s seal (its nonce, time and digest) is made by Squad Log as it is sealed; a command does not give it."));
          return NULL;
        }
    }
  if (!random_nonce (nonce))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("No secure random source is available to seal the note with: it is not sealed."));
      return NULL;
    }

  copy = json_node_copy (command);
  c = json_node_get_object (copy);
  text = json_object_get_string_member (c, text_field);
  when = g_get_real_time () / G_USEC_PER_SEC;
  digest = sl_note_digest (side_id, kind, when, nonce, text);
  json_object_set_string_member (c, "nonce", nonce);
  json_object_set_int_member (c, "sealed_at", when);
  json_object_set_string_member (c, "digest", digest);
  return copy;
}
