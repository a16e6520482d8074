/* sl-command-secrets.c: what a side keeps secret — hiding units under
 * piles with decoys (P-28, E-23), sealed notes and their reveal (P-28,
 * P-37 step 2 and 6, P-38 step 3 and 6)
 *
 * Nothing said here to the table (the summary) names what a pile hides or
 * what a note says before it is revealed: the summary is what the shared
 * screen shows. The commands themselves, with the secrets, are in the
 * saved file, which the private view reads.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-command.h"
#include "sl-detection.h"
#include "sl-text.h"

/* Issue 30 #5: @nonce, read with @r, is the one Squad Log makes in this
 * place of the journal from the seal's "salt" (sl_note_bound_nonce): a
 * seal prepared before its place was known, moved from another entry or
 * copied from another game does not match, nor does a nonce changed in
 * the file. Among the entries of a game saved before format 6 a seal has
 * no salt and keeps its free nonce. */
static void
check_bound_nonce (SlCommand  *c,
                   SlReader   *r,
                   const char *nonce)
{
  const char *salt;
  g_autofree char *made = NULL;

  if (!sl_reader_has (r, "salt"))
    {
      if (c->state->journal_length >= c->setup->free_nonces)
        sl_reader_fail (r, "salt", _("This seal has no salt: its nonce is made by Squad Log from a fresh salt and the journal before it, and kept with it."));
      return;
    }
  salt = sl_reader_string (r, "salt", "");
  if (!sl_text_is_hex (salt, 32))
    {
      sl_reader_fail (r, "salt", _("A seal’s salt is 32 hexadecimal digits."));
      return;
    }
  made = sl_note_bound_nonce (c->state->journal_chain, c->state->journal_length, salt);
  if (!g_str_equal (made, nonce))
    sl_reader_fail (r, "nonce", _("This seal’s nonce is not the one Squad Log made at this place in the journal: the seal was made elsewhere (another entry, another game) or changed since."));
}

/* Reads the note's text from @text_field and its seal (sl_notes_prepare
 * made it as the note was sealed). An entry without its seal — its
 * nonce, time or digest taken out of the file — is refused: it is never
 * sealed again as if intact. */
void
sl_command_read_seal (SlCommand  *c,
                      const char *text_field,
                      SlSealInput *in)
{
  SlReader *r = c->command;

  memset (in, 0, sizeof *in);
  in->text = sl_reader_string (r, text_field, NULL);
  if (in->text == NULL)
    return;
  for (guint i = 0; i < 3; i++)
    {
      static const char * const fields[] = { "nonce", "sealed_at", "digest" };

      if (!sl_reader_has (r, fields[i]) && sl_reader_ok (r))
        sl_reader_fail (r, fields[i], _("This note has no seal: its nonce, time and digest are made as it is sealed, and kept with it."));
    }
  in->nonce = sl_reader_string (r, "nonce", "");
  in->sealed_at = (gint64) sl_reader_number (r, "sealed_at", 0, 1e12, 0);
  in->digest = sl_reader_string (r, "digest", NULL);
  if (!sl_reader_ok (r))
    return;
  if (g_utf8_strlen (in->text, -1) == 0 || strlen (in->text) > SL_NOTE_MAX_TEXT)
    sl_reader_fail (r, text_field, _("A note says something, in at most %d characters."), SL_NOTE_MAX_TEXT);
  else if (!sl_text_is_hex (in->nonce, 32))
    sl_reader_fail (r, "nonce", _("A seal’s nonce is 32 hexadecimal digits."));
  else if (in->digest == NULL || !sl_text_is_hex (in->digest, 64))
    sl_reader_fail (r, "digest", _("A seal’s digest is 64 hexadecimal digits (SHA-256)."));
  else
    check_bound_nonce (c, r, in->nonce);
}

const SlNote *
sl_command_add_note (SlCommand         *c,
                     int                side,
                     SlNoteKind         kind,
                     const SlSealInput *in,
                     GError           **error)
{
  SlNote *note;

  if (c->state->notes->len >= SL_MAX_NOTES)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type", _("A game holds at most %d sealed notes."),
                         SL_MAX_NOTES);
      return NULL;
    }
  note = g_atomic_rc_box_new0 (SlNote);
  note->id = c->state->notes->len + 1;
  note->side = side;
  note->kind = kind;
  note->text = g_strdup (in->text);
  note->sealed_at = in->sealed_at;
  note->sealed_turn = c->state->turn;
  note->unit = -1;
  g_strlcpy (note->nonce, in->nonce, sizeof note->nonce);
  {
    g_autofree char *digest = sl_note_digest (sl_setup_side_at (c->setup, side)->id, kind, in->sealed_at,
                                              in->nonce, in->text);

    /* The digest recorded when it was sealed, checked against the text
     * now: a note edited in the file since does not match. */
    g_strlcpy (note->digest, in->digest ? in->digest : digest, sizeof note->digest);
    note->intact = g_str_equal (note->digest, digest);
  }
  g_ptr_array_add (c->state->notes, note);
  c->state->note_status[note->id - 1] = SL_NOTE_SEALED;
  return note;
}

void
sl_command_tell_hiding (SlCommand  *c,
                        int         unit,
                        const char *pile)
{
  const SlUnitState *hider = &c->state->units[unit];
  g_autofree char *code = NULL;

  if (!sl_command_telling (c) || hider->hiding_digest[0] == '\0')
    return;
  code = sl_note_seal_code (hider->hiding_digest);
  if (hider->hiding_intact)
    sl_command_say (c, _("%s was placed under the hiding seal %s, which holds: the hiding has not been changed since."),
                    pile, code);
  else
    sl_command_say (c, _("%s was placed under the hiding seal %s, which it does not match: the hiding was changed after the piles were placed, an irregularity for the players to settle."),
                    pile, code);
}

/* "Commonwealth seals note 2 (a mine): seal 3f9a 2c1b." */
static void
say_sealed (SlCommand    *c,
            const SlNote *note)
{
  g_autofree char *code = NULL;

  if (!sl_command_telling (c))
    return;
  code = sl_note_seal_code (note->digest);
  sl_command_result (c, json_object_set_int_member, "note", note->id);
  sl_command_result (c, json_object_set_string_member, "seal", code);
  sl_command_say (c, _("%s seals note %d (%s): seal %s."), sl_setup_side_at (c->setup, note->side)->name,
                  note->id, sl_note_kind_label (note->kind), code);
}

void
sl_command_reveal_note (SlCommand *c,
                        int        id,
                        gboolean   dud)
{
  const SlNote *note = sl_state_find_note (c->state, id);
  gboolean is_dud = dud || !note->intact;

  c->state->note_status[id - 1] = is_dud ? SL_NOTE_DUD : SL_NOTE_REVEALED;
  c->state->note_revealed_turn[id - 1] = c->state->turn;
  /* The marker it placed is known to all now; a dud goes off no more. */
  for (guint i = 0; i < c->state->markers->len; i++)
    {
      SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);

      if (m->note != id)
        continue;
      m->secret = FALSE;
      if (is_dud && !m->resolved)
        {
          m->resolved = TRUE;
          m->due = -1;
        }
    }

  if (sl_command_telling (c))
    {
      g_autofree char *code = sl_note_seal_code (note->digest);
      g_autofree char *time = note->sealed_at > 0 ? sl_note_time_label (note) : NULL;
      JsonObject *o = json_object_new ();

      json_object_set_int_member (o, "id", note->id);
      json_object_set_string_member (o, "kind", sl_note_kind_names[note->kind]);
      json_object_set_string_member (o, "text", note->text);
      json_object_set_int_member (o, "sealed_turn", note->sealed_turn);
      if (note->sealed_at > 0)
        json_object_set_int_member (o, "sealed_at", note->sealed_at);
      json_object_set_string_member (o, "seal", code);
      json_object_set_boolean_member (o, "intact", note->intact);
      json_object_set_boolean_member (o, "dud", is_dud);
      json_object_set_object_member (c->result, "revealed", o);

      if (time != NULL)
        /* "Note 2 of Commonwealth (a mine), sealed on turn 1 at 14:02, says: “B4 by the well”." */
        sl_command_say (c, _("Note %d of %s (%s), sealed on turn %d at %s, says: “%s”."), note->id,
                        sl_setup_side_at (c->setup, note->side)->name, sl_note_kind_label (note->kind),
                        note->sealed_turn, time, note->text);
      else
        sl_command_say (c, _("Note %d of %s (%s), sealed on turn %d, says: “%s”."), note->id,
                        sl_setup_side_at (c->setup, note->side)->name, sl_note_kind_label (note->kind),
                        note->sealed_turn, note->text);
      if (note->intact)
        sl_command_say (c, _("Its seal %s holds: it has not been changed since it was sealed."), code);
      else
        sl_command_say (c, _("It does not match its seal %s: it was changed after it was sealed, an irregularity that makes it a dud (P-37 step 6)."),
                        code);
      if (dud && note->intact)
        sl_command_say (c, _("The players find it unclear: it is a dud for the rest of the game (P-37 step 6, P-38 step 6)."));
    }
}

/* A game of format 4 (setup late_seals): a note sealed for a charge or a
 * fire mission on the table, at any time, as such games were played. */
static void
check_late_marker (SlCommand *c,
                   SlMarker  *m,
                   int        marker,
                   int        side,
                   int        kind)
{
  SlReader *r = c->command;

  if (m == NULL)
    sl_reader_fail (r, "marker", _("There is no marker %d on the table."), marker);
  else if (m->note > 0)
    sl_reader_fail (r, "marker", _("Marker %d has its note already."), marker);
  else if (m->owner < 0 || sl_command_side (c, m->owner) != side)
    sl_reader_fail (r, "marker", _("Marker %d is not that side’s."), marker);
  else if (m->resolved)
    sl_reader_fail (r, "marker", _("Marker %d has gone off already."), marker);
  /* P-36, P-38 step 3: a charge's note says where the charge is, a
   * fire mission's where it is aimed. */
  else if ((m->kind == SL_MARKER_FIRE_MISSION && kind != SL_NOTE_FIRE_MISSION) ||
           (m->kind == SL_MARKER_CHARGE && kind != SL_NOTE_CHARGE))
    sl_reader_fail (r, "kind", _("The note of %s is of kind “%s” (P-36, P-38 step 3)."), m->label,
                    sl_note_kind_names[m->kind == SL_MARKER_CHARGE ? SL_NOTE_CHARGE : SL_NOTE_FIRE_MISSION]);
  else if (m->kind != SL_MARKER_FIRE_MISSION && m->kind != SL_MARKER_CHARGE)
    sl_reader_fail (r, "marker", _("Only a charge or a fire mission is sealed with a note; a mine is written down with the mine command (P-37 step 2)."));
}

/* P-36 step 6, P-38 step 3 (issue 30 #1): a charge is concealed by a note
 * sealed in its installing action, while the unit installs it; a fire
 * mission's impact point is written down as the call is announced: in the
 * step the Call fire mission action is declared. The note goes with the
 * action, and with the marker it places when it ends. */
static void
check_action_note (SlCommand *c,
                   int        unit,
                   int        side,
                   int        kind)
{
  SlReader *r = c->command;
  const SlCurrentAction *a = &c->state->units[unit].current;
  const char *id = a->action != NULL ? a->action->id : "";
  gboolean install = g_str_equal (id, "install-plastic") || g_str_equal (id, "install-shaped");
  gboolean call = g_str_equal (id, "call-fire-mission");
  int now = sl_command_now (c);

  if (sl_command_side (c, unit) != side)
    sl_reader_fail (r, "unit", _("%s is not that side’s."), sl_command_name (c, unit));
  else if (!install && !call)
    sl_reader_fail (r, "unit", _("%s is neither installing a charge nor calling a fire mission: a note is sealed for one in that action (P-36 step 6, P-38 step 3)."),
                    sl_command_name (c, unit));
  else if (a->note > 0)
    sl_reader_fail (r, "unit", _("%s has sealed the note of this action already."), sl_command_name (c, unit));
  else if (kind != (install ? SL_NOTE_CHARGE : SL_NOTE_FIRE_MISSION))
    sl_reader_fail (r, "kind", _("The note of %s’s action is of kind “%s” (P-36, P-38 step 3)."),
                    sl_command_name (c, unit), sl_note_kind_names[install ? SL_NOTE_CHARGE : SL_NOTE_FIRE_MISSION]);
  else if (a->resolved || now > a->end || now < a->start)
    sl_reader_fail (r, "unit", _("%s’s action is over: its note is sealed while it lasts (P-36 step 6, P-38 step 3)."),
                    sl_command_name (c, unit));
  else if (call && (now != a->start || c->state->step != SL_STEP_INITIATIVE_ORDER))
    sl_reader_fail (r, "unit", _("The impact point is written down as the call is announced, in the step it is declared (P-38 step 3)."));
  else if (sl_state_action_note_kind (c->rules, c->state, unit) != kind)
    sl_reader_fail (r, "unit", _("%s’s action is over: its note is sealed while it lasts (P-36 step 6, P-38 step 3)."),
                    sl_command_name (c, unit));
}

/* {"type": "seal", "side": "cw", "kind": "charge", "text": "…", "unit": "cw-4"}
 * P-28: charges and ground sensors may be concealed with their positions
 * written down; P-38 step 3: a fire mission's impact point. */
gboolean
sl_command_seal (SlCommand  *c,
                 GError    **error)
{
  SlReader *r = c->command;
  SlSealInput in;
  const SlNote *note;
  const char *side_id;
  int side, kind, marker, unit = -1;
  SlMarker *m = NULL;

  sl_reader_require (r, "side");
  sl_reader_require (r, "text");
  side_id = sl_reader_string (r, "side", "");
  kind = sl_reader_enum (r, "kind", sl_note_kind_names, N_("kind of note"), SL_NOTE_OTHER);
  marker = sl_reader_int (r, "marker", 1, G_MAXINT, 0);
  if (sl_reader_has (r, "unit"))
    unit = sl_command_unit (c, r, "unit", TRUE);
  side = sl_setup_find_side (c->setup, side_id);
  if (sl_reader_ok (r) && side < 0)
    sl_reader_fail (r, "side", _("There is no side “%s” in this game."), side_id);
  if (sl_reader_ok (r) && kind == SL_NOTE_MINE)
    sl_reader_fail (r, "kind", _("A mine is written down with a mine command, which places it (P-37 step 2)."));
  sl_command_read_seal (c, "text", &in);
  if (sl_reader_ok (r) && marker > 0 && unit >= 0)
    sl_reader_fail (r, "marker", _("A note is sealed for a marker or for a unit’s action, not both."));
  else if (sl_reader_ok (r) && marker > 0 && c->setup->late_seals)
    check_late_marker (c, m = sl_command_side_marker (c, marker, side), marker, side, kind);
  else if (sl_reader_ok (r) && marker > 0)
    /* Issue 30 #1: sealed after the fact, a note would conceal a charge
     * seen installed, or aim a mission where the enemy went; and the
     * refusal is one for every marker (issue 30 #2). */
    sl_reader_fail (r, "marker", _("A note for a charge or a fire mission is sealed in the action that installs or calls it, with its unit (“unit”), never later (P-36 step 6, P-38 step 3)."));
  else if (sl_reader_ok (r) && unit >= 0)
    check_action_note (c, unit, side, kind);
  if (!sl_command_inputs_done (c))
    return FALSE;
  note = sl_command_add_note (c, side, kind, &in, error);
  if (note == NULL)
    return FALSE;
  if (m != NULL)
    m->note = note->id;
  if (unit >= 0)
    c->state->units[unit].current.note = note->id;
  say_sealed (c, note);
  return TRUE;
}

/* {"type": "reveal", "sealed": 2, "dud": false}: the owner shows a note to
 * the table, or the players find it unclear and declare it a dud. */
gboolean
sl_command_reveal (SlCommand  *c,
                   GError    **error)
{
  SlReader *r = c->command;
  gboolean dud;
  int id;

  sl_reader_require (r, "sealed");
  id = sl_reader_int (r, "sealed", 1, G_MAXINT, 1);
  dud = sl_reader_bool (r, "dud", FALSE);
  if (sl_reader_ok (r) && sl_state_find_note (c->state, id) == NULL)
    sl_reader_fail (r, "sealed", _("There is no note %d in this game."), id);
  if (!sl_command_inputs_done (c))
    return FALSE;
  if (c->state->note_status[id - 1] != SL_NOTE_SEALED)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "sealed", _("Note %d has been revealed already."), id);
      return FALSE;
    }
  if (dud && !sl_note_kind_may_be_dud (sl_state_find_note (c->state, id)->kind))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "dud",
                         _("Note %d says where a hidden unit lies: it is revealed, never a dud (P-28, P-37 step 6)."), id);
      return FALSE;
    }
  sl_command_reveal_note (c, id, dud);
  return TRUE;
}

static gboolean
pile_taken (SlCommand  *c,
            const char *label,
            int         unit)
{
  int other;
  SlMarker *decoy;

  if (!sl_state_find_pile (c->state, label, &other, &decoy))
    return FALSE;
  /* The unit's own pile and decoys are placed again. */
  return !(other == unit || (decoy != NULL && decoy->owner == unit));
}

/* A hiding as the command gives it, and what checking it finds. */
typedef struct
{
  int          unit;
  int          side;
  const char  *pile;
  const char  *decoys[3];
  guint        n_decoys;
  SlSealInput  where;
  gboolean     has_stealth;
  int          stealth;
  gboolean     paid;         /* the scenario hid the unit (§9.1) */
  const char  *seal_nonce;   /* the hiding's seal (issue 30 #6), or NULL */
  gint64       seal_at;
  const char  *seal_digest;
} Hide;

/* Each label says which counter pile it is, once, and is not on the
 * table already (P-28 step 2). */
static void
check_labels (SlCommand *c,
              Hide      *h)
{
  SlReader *r = c->command;
  const char *all[3] = { h->pile, h->decoys[0], h->decoys[1] };

  for (guint i = 0; i < 1 + MIN (h->n_decoys, 2u); i++)
    {
      const char *field = i == 0 ? "pile" : "decoys";

      if (g_utf8_strlen (all[i], -1) == 0 || strlen (all[i]) >= SL_PILE_LABEL_SIZE)
        sl_reader_fail (r, field, _("A pile’s label says which counter pile it is (“Pile C”), in at most %d characters."),
                        SL_PILE_LABEL_SIZE - 1);
      else if (pile_taken (c, all[i], h->unit))
        sl_reader_fail (r, field, _("There is a pile “%s” on the table already (P-28 step 2)."), all[i]);
      for (guint k = 0; k < i && sl_reader_ok (r); k++)
        if (g_str_equal (all[i], all[k]))
          sl_reader_fail (r, field, _("Each pile has its own label: “%s” is given twice."), all[i]);
      if (!sl_reader_ok (r))
        break;
    }
}

/* Issue 30 #6: "hiding_seal": {"nonce", "salt", "sealed_at", "digest"},
 * made by the app as the piles are placed; a game of format 4 has none,
 * one of format 5 no salt. */
static void
read_hiding_seal (SlCommand *c,
                  Hide      *h)
{
  SlReader *r = c->command;
  g_autoptr(SlReader) s = NULL;

  if (!sl_reader_ok (r))
    return;
  if (!sl_reader_has (r, "hiding_seal"))
    {
      if (!c->setup->late_seals)
        sl_reader_fail (r, "hiding_seal", _("This hiding has no seal: its nonce, time and digest are made as the piles are placed, and kept with it."));
      return;
    }
  s = sl_reader_object (r, "hiding_seal");
  if (s == NULL)
    return;
  sl_reader_require (s, "nonce");
  sl_reader_require (s, "sealed_at");
  sl_reader_require (s, "digest");
  h->seal_nonce = sl_reader_string (s, "nonce", "");
  h->seal_at = (gint64) sl_reader_number (s, "sealed_at", 0, 1e12, 0);
  h->seal_digest = sl_reader_string (s, "digest", "");
  if (sl_reader_ok (r) && !sl_text_is_hex (h->seal_nonce, 32))
    sl_reader_fail (s, "nonce", _("A seal’s nonce is 32 hexadecimal digits."));
  else if (sl_reader_ok (r) && !sl_text_is_hex (h->seal_digest, 64))
    sl_reader_fail (s, "digest", _("A seal’s digest is 64 hexadecimal digits (SHA-256)."));
  else if (sl_reader_ok (r))
    check_bound_nonce (c, s, h->seal_nonce);
  sl_reader_end (s);
}

static gboolean
read_hide (SlCommand *c,
           Hide      *h)
{
  SlReader *r = c->command;

  h->stealth = -1;
  h->unit = sl_command_unit (c, r, "unit", FALSE);
  sl_reader_require (r, "pile");
  h->pile = sl_reader_string (r, "pile", "");
  if (sl_reader_has (r, "decoys"))
    {
      h->n_decoys = sl_reader_array_length (r, "decoys");
      if (sl_reader_ok (r) && h->n_decoys > 2)
        sl_reader_fail (r, "decoys", _("A hidden unit brings at most 2 decoy piles (P-28 step 3)."));
      for (guint i = 0; i < h->n_decoys && i < 2 && sl_reader_ok (r); i++)
        h->decoys[i] = sl_reader_array_string (r, "decoys", i);
    }
  sl_command_read_seal (c, "where", &h->where);
  /* T-19, A-126: the power suit's stealth mode, set in secret with the
   * pile (a correction would tell the table). */
  h->has_stealth = sl_reader_has (r, "stealth_power");
  if (h->has_stealth)
    h->stealth = sl_reader_bool (r, "stealth_power", FALSE);
  if (h->has_stealth && h->stealth && sl_reader_ok (r) && h->unit >= 0 &&
      !sl_setup_unit_at (c->setup, h->unit)->armor->power_suit)
    sl_reader_fail (r, "stealth_power", _("Only a power suit has a stealth power mode (§15.13, T-13a)."));
  if (sl_reader_ok (r) && h->unit >= 0)
    check_labels (c, h);
  read_hiding_seal (c, h);
  return sl_command_inputs_done (c);
}

/* E-23: up to 2 decoys for each hidden unit of the side. */
static gboolean
check_decoys (SlCommand  *c,
              Hide       *h,
              GError    **error)
{
  int hidden = 0, placed = 0;

  for (int u = 0; u < c->state->n_units; u++)
    if (sl_command_side (c, u) == h->side && (c->state->units[u].hidden || u == h->unit))
      hidden++;
  for (guint i = 0; i < c->state->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (c->state->markers, SlMarker, i);

      if (m->kind == SL_MARKER_DECOY && m->owner != h->unit && sl_command_side (c, m->owner) == h->side)
        placed++;
    }
  return sl_detection_check_decoys (c->rules, hidden, placed + (int) h->n_decoys, error);
}

static gboolean
check_hide (SlCommand  *c,
            Hide       *h,
            GError    **error)
{
  const SlUnitState *us;

  if (!sl_command_require_module (c, SL_MODULE_DETECTION, "type", error))
    return FALSE;
  /* P-28: before the game; the first Initiative and Detection Phases
   * come before anyone acts. */
  if (!sl_state_before_play (c->state))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "type",
                         _("Units hide at the start of the game, before the first Action Phase (P-28)."));
      return FALSE;
    }
  us = &c->state->units[h->unit];
  if (us->detected)
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit", _("A detected unit can never hide again (§15.1)."));
      return FALSE;
    }
  if (sl_state_unit_out (c->rules, c->state, h->unit))
    {
      sl_rule_error_set (error, SL_RULE_ERROR_FORBIDDEN, "unit", _("%s is out of the fight (T-16)."),
                         sl_command_name (c, h->unit));
      return FALSE;
    }
  h->side = sl_command_side (c, h->unit);
  h->paid = us->hidden || sl_setup_unit_at (c->setup, h->unit)->hidden;
  return check_decoys (c, h, error);
}

/* The unit lies under its pile, its decoys are placed and where it lies
 * is sealed in a note (@note, or NULL). */
static gboolean
apply_hide (SlCommand     *c,
            Hide          *h,
            const SlNote **note,
            GError       **error)
{
  SlUnitState *us = &c->state->units[h->unit];

  /* Placed again: the earlier decoys are taken up. */
  for (guint i = c->state->markers->len; i > 0; i--)
    {
      const SlMarker *m = &g_array_index (c->state->markers, SlMarker, i - 1);

      if (m->kind == SL_MARKER_DECOY && m->owner == h->unit)
        g_array_remove_index (c->state->markers, i - 1);
    }
  us->hidden = TRUE;
  g_strlcpy (us->pile, h->pile, sizeof us->pile);
  /* Issue 30 #6: the hiding as read, checked against its seal: a pile or
   * decoy edited in the file since does not match. */
  us->hiding_digest[0] = '\0';
  us->hiding_intact = FALSE;
  if (h->seal_digest != NULL)
    {
      g_autofree char *text = sl_note_hiding_text (sl_setup_unit_at (c->setup, h->unit)->id, h->pile, h->decoys,
                                                   h->n_decoys, h->has_stealth ? h->stealth : -1);
      g_autofree char *digest = sl_note_digest (sl_setup_side_at (c->setup, h->side)->id, SL_NOTE_HIDDEN_UNIT,
                                                h->seal_at, h->seal_nonce, text);

      g_strlcpy (us->hiding_digest, h->seal_digest, sizeof us->hiding_digest);
      us->hiding_intact = g_str_equal (digest, h->seal_digest);
    }
  if (h->has_stealth)
    us->stealth_power = h->stealth;
  for (guint i = 0; i < h->n_decoys; i++)
    {
      SlMarker *m = sl_state_add_marker (c->state, SL_MARKER_DECOY);

      m->owner = h->unit;
      m->created = sl_command_now (c);
      m->secret = TRUE;
      g_strlcpy (m->label, h->decoys[i], sizeof m->label);
    }
  if (h->where.text != NULL)
    {
      if ((*note = sl_command_add_note (c, h->side, SL_NOTE_HIDDEN_UNIT, &h->where, error)) == NULL)
        return FALSE;
      /* Just made: which unit it places is part of it. */
      ((SlNote *) *note)->unit = h->unit;
    }
  return TRUE;
}

static void
tell_hide (SlCommand  *c,
           const Hide *h)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GString) names = g_string_new (NULL);

  g_ptr_array_add (labels, (gpointer) h->pile);
  for (guint i = 0; i < h->n_decoys; i++)
    g_ptr_array_add (labels, (gpointer) h->decoys[i]);
  /* The labels in order, so their order does not tell which is the
   * unit. */
  g_ptr_array_sort (labels, (GCompareFunc) sl_compare_labels);
  for (guint i = 0; i < labels->len; i++)
    {
      if (i > 0)
        g_string_append (names, _(", "));
      g_string_append (names, g_ptr_array_index (labels, i));
    }
  sl_command_say (c, g_dngettext (GETTEXT_PACKAGE, "%s places a pile: %s (P-28).",
                                  "%s places piles: %s (P-28).", labels->len),
                  sl_setup_side_at (c->setup, h->side)->name, names->str);
  if (!h->paid)
    sl_command_say (c, _("A unit the scenario did not hide hides by agreement between the players (§9.1)."));
  if (h->seal_digest != NULL)
    {
      g_autofree char *code = sl_note_seal_code (h->seal_digest);

      /* Issue 30 #6: which pile hides it, its decoys and its mode, sealed. */
      sl_command_say (c, _("Its hiding is sealed: seal %s."), code);
    }
}

/* {"type": "hide", "unit": "c", "pile": "Pile C", "decoys": ["Pile A"],
 *  "stealth_power": true, "where": "behind the crates"}
 * P-28 at the start of the game: the unit lies under a pile the table
 * knows by its label; up to 2 decoy piles per hidden unit of the side
 * (E-23); where it lies may be sealed in a note. Hiding it again before
 * play moves it: its earlier pile and decoys are taken up. */
gboolean
sl_command_hide (SlCommand  *c,
                 GError    **error)
{
  Hide h = { 0 };
  const SlNote *note = NULL;

  if (!read_hide (c, &h))
    return FALSE;
  if (!check_hide (c, &h, error) || !apply_hide (c, &h, &note, error))
    return FALSE;
  if (sl_command_telling (c))
    tell_hide (c, &h);
  if (note != NULL)
    say_sealed (c, note);
  return TRUE;
}

/* A string member, or "" when it is missing or no string. */
static const char *
string_member (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return "";
  return json_node_get_string (n);
}

JsonNode *
sl_command_prepare (const SlSetup *setup,
                    const SlState *state,
                    JsonNode      *command,
                    GError       **error)
{
  const guint8 *chain = state->journal_chain;
  guint index = state->journal_length;
  JsonObject *o;
  const char *type, *id;
  const SlUnitSetup *u;

  if (!JSON_NODE_HOLDS_OBJECT (command))
    return NULL;
  o = json_node_get_object (command);
  type = string_member (o, "type");
  if (g_str_equal (type, "seal"))
    {
      int kind = 0;

      id = string_member (o, "side");
      if (sl_setup_find_side (setup, id) < 0)
        return NULL;
      if (json_object_has_member (o, "kind"))
        {
          const char *name = string_member (o, "kind");

          while (sl_note_kind_names[kind] != NULL && !g_str_equal (sl_note_kind_names[kind], name))
            kind++;
          if (sl_note_kind_names[kind] == NULL)
            return NULL;
        }
      else
        kind = SL_NOTE_OTHER;
      return sl_notes_prepare (command, id, kind, "text", chain, index, error);
    }
  if (!g_str_equal (type, "mine") && !g_str_equal (type, "hide"))
    return NULL;
  /* A mine written down (not one going off), or a unit hiding. */
  if (g_str_equal (type, "mine") && !g_str_equal (string_member (o, "action"), "lay"))
    return NULL;
  u = sl_setup_unit (setup, string_member (o, "unit"));
  if (u == NULL)
    return NULL;
  id = sl_setup_side_at (setup, u->side)->id;
  if (g_str_equal (type, "mine"))
    return sl_notes_prepare (command, id, SL_NOTE_MINE, "label", chain, index, error);
  {
    g_autoptr(JsonNode) where = sl_notes_prepare (command, id, SL_NOTE_HIDDEN_UNIT, "where", chain, index, error);

    if (where == NULL && error != NULL && *error != NULL)
      return NULL;
    /* Issue 30 #6: the hiding itself is sealed too. */
    return sl_notes_prepare_hiding (where != NULL ? where : command, id, chain, index, error);
  }
}
