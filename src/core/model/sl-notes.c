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
  /* Issue 30 #5: 128 bits of the digest, read aloud in eight groups of
   * four: finding a pair of texts with one code — even for the side that
   * writes both and plants one in the file — takes some 2^64 tries (64
   * bits fell to a birthday search in ten minutes of one core), another
   * text for a given code 2^128. */
  if (digest == NULL || strlen (digest) < 32)
    return g_strdup ("???? ???? ???? ???? ???? ???? ???? ????");
  return g_strdup_printf ("%.4s %.4s %.4s %.4s %.4s %.4s %.4s %.4s", digest, digest + 4, digest + 8, digest + 12,
                          digest + 16, digest + 20, digest + 24, digest + 28);
}

char *
sl_note_time_label (const SlNote *note)
{
  g_autoptr(GDateTime) t = g_date_time_new_from_unix_local (note->sealed_at);

  /* Translators: the time a note was sealed, strftime format. */
  return t ? g_date_time_format (t, _("%H:%M")) : g_strdup ("?");
}

void
sl_journal_chain_start (guint8    chain[SL_JOURNAL_CHAIN_SIZE],
                        JsonNode *setup)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GString) text = g_string_new (NULL);
  gsize length = SL_JOURNAL_CHAIN_SIZE;

  /* The setup as the file holds it, compact: a journal copied from a game
   * of other sides, units or options starts from another chain. */
  if (setup != NULL)
    sl_json_append (text, setup, FALSE, 0);
  g_checksum_update (sum, (const guchar *) "squadlog-journal-1", strlen ("squadlog-journal-1") + 1);
  g_checksum_update (sum, (const guchar *) text->str, text->len);
  g_checksum_get_digest (sum, chain, &length);
}

/* What a command's own seal commits to, by command type: a change there
 * is told when the seal is shown again (it does not hold), and so is left
 * out of the chain. */
static const char * const *
committed_members (JsonNode *command)
{
  static const char * const seal[] = { "text", NULL };
  static const char * const mine[] = { "label", NULL };
  static const char * const hide[] = { "where", "pile", "decoys", "stealth_power", NULL };
  JsonNode *type = JSON_NODE_HOLDS_OBJECT (command)
                   ? json_object_get_member (json_node_get_object (command), "type")
                   : NULL;
  const char *name;

  if (type == NULL || !JSON_NODE_HOLDS_VALUE (type) || json_node_get_value_type (type) != G_TYPE_STRING)
    return NULL;
  name = json_node_get_string (type);
  return g_str_equal (name, "seal") ? seal : g_str_equal (name, "mine") ? mine
         : g_str_equal (name, "hide") ? hide : NULL;
}

void
sl_journal_chain_next (guint8    chain[SL_JOURNAL_CHAIN_SIZE],
                       JsonNode *command)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(JsonNode) bare = NULL;
  const char * const *committed = committed_members (command);
  gsize length = SL_JOURNAL_CHAIN_SIZE;

  /* The command as Squad Log writes it (compact, members in the file's
   * order): the same from a command applied now, from its record in the
   * file, and from that record laid out again by another program — less
   * what its seal commits to. */
  if (committed != NULL)
    {
      JsonObject *from = json_node_get_object (command);
      g_autoptr(JsonObject) to = json_object_new ();
      g_autoptr(GList) members = json_object_get_members (from);

      /* A new object: json_node_copy() would share the command's. */
      for (GList *l = members; l != NULL; l = l->next)
        if (!g_strv_contains (committed, l->data))
          json_object_set_member (to, l->data, json_node_copy (json_object_get_member (from, l->data)));
      bare = json_node_init_object (json_node_alloc (), to);
      command = bare;
    }
  sl_json_append (text, command, FALSE, 0);
  g_checksum_update (sum, chain, SL_JOURNAL_CHAIN_SIZE);
  g_checksum_update (sum, (const guchar *) text->str, text->len);
  g_checksum_get_digest (sum, chain, &length);
}

char *
sl_note_bound_nonce (const guint8 chain[SL_JOURNAL_CHAIN_SIZE],
                     guint        index,
                     const char  *salt)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *at = g_strdup_printf ("%u", index);

  /* Each part ends with a NUL, so that no two inputs run together. */
  g_checksum_update (sum, (const guchar *) "squadlog-nonce-1", strlen ("squadlog-nonce-1") + 1);
  g_checksum_update (sum, chain, SL_JOURNAL_CHAIN_SIZE);
  g_checksum_update (sum, (const guchar *) at, strlen (at) + 1);
  g_checksum_update (sum, (const guchar *) salt, strlen (salt) + 1);
  return g_strndup (g_checksum_get_string (sum), 32);
}

/* Issue 30 #5: a fresh salt from the system's secure random source (never
 * a predictable generator), and the nonce it makes with the journal as it
 * stands: @chain after its @index entries. */
static gboolean
bound_nonce (const guint8 *chain,
             guint         index,
             char          salt[33],
             char          nonce[33])
{
  guint8 bytes[16];
  g_autofree char *made = NULL;

  if (!sl_random_bytes (bytes, sizeof bytes, NULL))
    return FALSE;
  for (guint i = 0; i < sizeof bytes; i++)
    g_snprintf (salt + 2 * i, 3, "%02x", bytes[i]);
  made = sl_note_bound_nonce (chain, index, salt);
  g_strlcpy (nonce, made, 33);
  return TRUE;
}

JsonNode *
sl_notes_prepare (JsonNode     *command,
                  const char   *side_id,
                  SlNoteKind    kind,
                  const char   *text_field,
                  const guint8 *chain,
                  guint         index,
                  GError      **error)
{
  JsonObject *o = json_node_get_object (command);
  JsonNode *copy;
  JsonObject *c;
  const char *text;
  char nonce[33], salt[33];
  gint64 when;
  g_autofree char *digest = NULL;

  if (!json_object_has_member (o, text_field) ||
      !JSON_NODE_HOLDS_VALUE (json_object_get_member (o, text_field)) ||
      json_node_get_value_type (json_object_get_member (o, text_field)) != G_TYPE_STRING)
    return NULL;
  /* The seal is the app's own: a player who chose the nonce could prepare
   * two texts with the same code. */
  for (guint i = 0; i < 4; i++)
    {
      static const char * const fields[] = { "nonce", "salt", "sealed_at", "digest" };

      if (json_object_has_member (o, fields[i]))
        {
          sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, fields[i],
                             _("A note’s seal (its nonce, salt, time and digest) is made by Squad Log as it is sealed; a command does not give it."));
          return NULL;
        }
    }
  if (!bound_nonce (chain, index, salt, nonce))
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
  json_object_set_string_member (c, "salt", salt);
  json_object_set_int_member (c, "sealed_at", when);
  json_object_set_string_member (c, "digest", digest);
  return copy;
}

char *
sl_note_hiding_text (const char         *unit_id,
                     const char         *pile,
                     const char * const *decoys,
                     guint               n_decoys,
                     int                 stealth)
{
  GString *out = g_string_new ("squadlog-hiding-1:[");

  /* JSON, so that no label can pass for two. */
  sl_json_append_string (out, unit_id);
  g_string_append_c (out, ',');
  sl_json_append_string (out, pile);
  g_string_append (out, ",[");
  for (guint i = 0; i < n_decoys; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      sl_json_append_string (out, decoys[i]);
    }
  g_string_append_printf (out, "],%d]", stealth < 0 ? -1 : stealth != 0);
  return g_string_free (out, FALSE);
}

JsonNode *
sl_notes_prepare_hiding (JsonNode     *command,
                         const char   *side_id,
                         const guint8 *chain,
                         guint         index,
                         GError      **error)
{
  JsonObject *o = json_node_get_object (command);
  const char *decoys[2] = { NULL, NULL };
  guint n = 0;
  int stealth = -1;
  char nonce[33], salt[33];
  gint64 when;
  g_autofree char *text = NULL;
  g_autofree char *digest = NULL;
  JsonNode *copy;
  JsonObject *seal;

  if (json_object_has_member (o, "hiding_seal"))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "hiding_seal",
                         _("A hiding’s seal is made by Squad Log as the piles are placed; a command does not give it."));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (json_object_get_member (o, "unit")) ||
      json_node_get_value_type (json_object_get_member (o, "unit")) != G_TYPE_STRING ||
      !JSON_NODE_HOLDS_VALUE (json_object_get_member (o, "pile")) ||
      json_node_get_value_type (json_object_get_member (o, "pile")) != G_TYPE_STRING)
    return NULL;
  if (json_object_has_member (o, "decoys"))
    {
      JsonNode *d = json_object_get_member (o, "decoys");
      JsonArray *a = JSON_NODE_HOLDS_ARRAY (d) ? json_node_get_array (d) : NULL;

      if (a == NULL || json_array_get_length (a) > 2)
        return NULL;
      for (n = 0; n < json_array_get_length (a); n++)
        {
          JsonNode *e = json_array_get_element (a, n);

          if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
            return NULL;
          decoys[n] = json_node_get_string (e);
        }
    }
  if (json_object_has_member (o, "stealth_power"))
    {
      JsonNode *sp = json_object_get_member (o, "stealth_power");

      if (!JSON_NODE_HOLDS_VALUE (sp) || json_node_get_value_type (sp) != G_TYPE_BOOLEAN)
        return NULL;
      stealth = json_node_get_boolean (sp);
    }
  if (!bound_nonce (chain, index, salt, nonce))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("No secure random source is available to seal the note with: it is not sealed."));
      return NULL;
    }
  text = sl_note_hiding_text (json_object_get_string_member (o, "unit"), json_object_get_string_member (o, "pile"),
                              decoys, n, stealth);
  when = g_get_real_time () / G_USEC_PER_SEC;
  digest = sl_note_digest (side_id, SL_NOTE_HIDDEN_UNIT, when, nonce, text);
  copy = json_node_copy (command);
  seal = json_object_new ();
  json_object_set_string_member (seal, "nonce", nonce);
  json_object_set_string_member (seal, "salt", salt);
  json_object_set_int_member (seal, "sealed_at", when);
  json_object_set_string_member (seal, "digest", digest);
  json_object_set_object_member (json_node_get_object (copy), "hiding_seal", seal);
  return copy;
}
