/* test-game-random.c: random games played to their end, as a table that
 * tries anything would play them — random commands, kept when the rules
 * accept them, random dice. Two properties of the whole game:
 *
 *  - it never gets stuck: from every state the game can move on, by `next`
 *    or by resolving what is due with the command the app offers for it
 *    (P-08; issue 18 "no dead ends");
 *  - a step's resolutions are simultaneous: resolving the same entries of
 *    a step (fires, blasts, melees …) in another order gives the same
 *    state once the step is over (P-08 steps 3–6, A-18, A-50).
 *
 * SL_RANDOM_GAMES (default 6 per scenario) and SL_RANDOM_SEED (default
 * 1995) make it run longer, SL_RANDOM_DUMP (a directory) keeps a game that
 * went wrong: see docs/fuzzing.md, "Random games".
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sl-due.h"
#include "sl-game-private.h"
#include "sl-json.h"
#include "sl-test-game.h"

typedef struct
{
  SlGame      *game;
  GRand       *rand;
  const char  *scenario;
  guint        commands;   /* accepted */
  guint        shuffles;   /* steps checked in another order */
} Player;

static const SlSetup *
setup_of (Player *p)
{
  return sl_game_get_setup (p->game);
}

static const SlState *
state_of (Player *p)
{
  return sl_game_get_state (p->game);
}

static const char *
unit_id (Player *p,
         int     unit)
{
  return sl_setup_unit_at (setup_of (p), unit)->id;
}

static gboolean
out (Player *p,
     int     unit)
{
  return sl_state_unit_out (sl_game_get_rules (p->game), state_of (p), unit);
}

/* Where a game that went wrong is written, to be looked at with
 * `squadlog replay` (SL_RANDOM_DUMP, a directory). */
static void
dump (Player *p)
{
  const char *dir = g_getenv ("SL_RANDOM_DUMP");
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  text = sl_game_serialize (p->game);
  path = g_strdup_printf ("%s/%s.squadlog", dir, p->scenario);
  g_file_set_contents (path, text, -1, NULL);
  g_printerr ("The game is in %s\n", path);
}

/* Applies @text; TRUE when the rules accept it. */
static gboolean
try (Player     *p,
     const char *text)
{
  g_autoptr(GError) error = NULL;
  const SlJournalEntry *e = sl_game_apply_text (p->game, text, &error);

  if (e != NULL)
    p->commands++;
  return e != NULL;
}

/* Applies @text, which the app offers for what is due: it must succeed. */
static void
must (Player     *p,
      const char *text)
{
  g_autoptr(GError) error = NULL;
  const SlJournalEntry *e = sl_game_apply_text (p->game, text, &error);

  if (e == NULL)
    dump (p);
  if (e == NULL)
    g_error ("%s, turn %d, phase %d, subphase %d, step %d: stuck: %s was refused: %s",
             p->scenario, state_of (p)->turn, state_of (p)->phase, state_of (p)->subphase,
             state_of (p)->step, text, error->message);
  p->commands++;
}

static int
random_unit (Player   *p,
             int       side,
             gboolean  enemy_of)
{
  const SlSetup *setup = setup_of (p);
  int candidates[SL_MAX_UNITS], n = 0;

  for (guint u = 0; u < setup->units->len; u++)
    {
      int s = sl_setup_unit_at (setup, u)->side;

      if (out (p, u))
        continue;
      if (side < 0 || (enemy_of ? s != side : s == side))
        candidates[n++] = u;
    }
  return n == 0 ? -1 : candidates[g_rand_int_range (p->rand, 0, n)];
}

static const char *
pick (Player             *p,
      const char * const *list,
      guint               n)
{
  return list[g_rand_int_range (p->rand, 0, n)];
}

/* The Initiative Phase: rolls and decisions as the table gives them; the
 * app rolls the ties. */
static void
play_initiative (Player *p)
{
  const SlSetup *setup = setup_of (p);
  g_autoptr(GString) rolls = g_string_new (NULL);
  g_autoptr(GString) decisions = g_string_new (NULL);
  g_autofree char *with = NULL;
  g_autofree char *without = NULL;

  for (guint g = 0; g < setup->groupings->len; g++)
    {
      const char *id = sl_setup_grouping_at (setup, g)->id;

      g_string_append_printf (rolls, "%s\"%s\": %d", rolls->len ? ", " : "", id,
                              g_rand_int_range (p->rand, 1, 11));
      g_string_append_printf (decisions, "%s\"%s\": \"%s\"", decisions->len ? ", " : "", id,
                              g_rand_boolean (p->rand) ? "move" : "countermove");
    }
  with = g_strdup_printf ("{\"type\": \"initiative\", \"rolls\": {%s}, \"decisions\": {%s}}",
                          rolls->str, decisions->str);
  without = g_strdup_printf ("{\"type\": \"initiative\"}");
  /* Groupings out of the fight do not roll; decisions may not fit the
   * order: the app's own rolls and defaults always do. */
  if (!try (p, with))
    must (p, without);
}

/* One thing a unit may do in its grouping's turn, at random. */
/* Whether obstacle @label is destroyed: a Breach marker lies there. */
static gboolean
breached (const SlState *s,
          const char    *label)
{
  for (guint i = 0; i < s->markers->len; i++)
    {
      const SlMarker *m = &g_array_index (s->markers, SlMarker, i);

      if (m->kind == SL_MARKER_BREACH && g_strcmp0 (m->label, label) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The obstacles of the random games: "obstacle K" is always of kind K. */
static const char * const obstacle_kinds[] = { "internal-door", "external-wall", "furniture", "airlock-door" };

static char *
random_declaration (Player *p,
                    int     unit)
{
  static const char * const moves[] = {
    "walk", "run", "sprint", "crawl", "move-sideways", "move-backward", "jump", "dive", "change-facing"
  };
  static const char * const others[] = {
    "reload", "clear-weapon", "use-device", "pick-up-object", "exchange", "change-omni-mode",
    "install-plastic", "install-shaped", "rally", "opportunity-fire", "leave-stealth", "open-door"
  };
  static const char * const positions[] = { "standing", "kneeling", "prone" };
  static const char * const throws[] = { "grenade", "launcher", "charge" };
  int side = sl_setup_unit_at (setup_of (p), unit)->side;
  int target = random_unit (p, side, TRUE);
  const char *id = unit_id (p, unit);

  switch (g_rand_int_range (p->rand, 0, 9))
    {
    case 0:
    case 1:
      return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"%s\"}", id,
                              pick (p, moves, G_N_ELEMENTS (moves)));
    case 2:
    case 3:
      if (target < 0)
        return NULL;
      switch (g_rand_int_range (p->rand, 0, 8))
        {
        case 6:
          {
            /* P-25: a fire at an obstacle; P-36: at, or about, a charge. */
            guint k = g_rand_int_range (p->rand, 0, G_N_ELEMENTS (obstacle_kinds));

            return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"fire\","
                                    " \"obstacle\": {\"label\": \"obstacle %u\", \"kind\": \"%s\"}}", id, k, obstacle_kinds[k]);
          }
        case 7:
          {
            static const char * const actions[] = { "fire", "aimed-fire", "use-device", "pick-up-object" };
            const SlState *s = state_of (p);

            for (guint i = 0; i < s->markers->len; i++)
              if (g_array_index (s->markers, SlMarker, i).kind == SL_MARKER_CHARGE && g_rand_boolean (p->rand))
                return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"%s\", \"charge\": %d}",
                                        id, pick (p, actions, G_N_ELEMENTS (actions)),
                                        g_array_index (s->markers, SlMarker, i).id);
            return NULL;
          }
        case 0:
          /* P-30: bursts, declared with the fire. */
          return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"fire\", \"burst\": \"area\"}", id);
        case 1:
          return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"fire\", \"target\": \"%s\","
                                  " \"burst\": \"concentrated\"}", id, unit_id (p, target));
        default:
          return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"%s\", \"target\": \"%s\"%s}",
                                  id, g_rand_boolean (p->rand) ? "fire" : "aimed-fire", unit_id (p, target),
                                  g_rand_int_range (p->rand, 0, 4) == 0 ? ", \"combined_with\": \"walk\"" : "");
        }
    case 4:
      return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"fire\", \"throw\": \"%s\","
                              " \"label\": \"the door\"}", id, pick (p, throws, G_N_ELEMENTS (throws)));
    case 5:
      return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"position-change\","
                              " \"to_position\": \"%s\"}", id, pick (p, positions, G_N_ELEMENTS (positions)));
    case 6:
      if (target < 0)
        return NULL;
      return g_strdup_printf ("{\"type\": \"engage\", \"unit\": \"%s\", \"target\": \"%s\", \"decision\": \"%s\"}",
                              id, unit_id (p, target), g_rand_boolean (p->rand) ? "fight" : "avoid");
    case 7:
      if (target < 0)
        return NULL;
      /* Opportunity fire, when armed. */
      return g_strdup_printf ("{\"type\": \"fire\", \"unit\": \"%s\", \"target\": \"%s\"}", id, unit_id (p, target));
    default:
      return g_strdup_printf ("{\"type\": \"declare\", \"unit\": \"%s\", \"action\": \"%s\", \"label\": \"the stairs\"}",
                              id, pick (p, others, G_N_ELEMENTS (others)));
    }
}

/* The initiative-order step: a few random tries, passes, then `next`,
 * which must be accepted (nothing is due in this step). */
static void
play_initiative_order (Player *p)
{
  const SlSetup *setup = setup_of (p);
  int tries = g_rand_int_range (p->rand, 4, 30);

  for (int i = 0; i < tries; i++)
    {
      int unit = g_rand_int_range (p->rand, 0, setup->units->len);
      g_autofree char *command = NULL;

      /* Mostly the units whose turn it is, as the table screen offers them
       * first; now and then anybody, to try the rules' refusals. */
      for (int k = 0; k < 20 && g_rand_int_range (p->rand, 0, 5) > 0; k++)
        {
          int u = g_rand_int_range (p->rand, 0, setup->units->len);

          if (sl_state_grouping_may_act (sl_game_get_rules (p->game), setup->options, state_of (p),
                                         state_of (p)->grouping_of[u]) &&
              sl_state_unit_idle (sl_game_get_rules (p->game), state_of (p), u))
            {
              unit = u;
              break;
            }
        }

      if (g_rand_int_range (p->rand, 0, 6) == 0)
        {
          try (p, "{\"type\": \"pass\"}");
          continue;
        }
      if (g_rand_int_range (p->rand, 0, 15) == 0 && setup->groupings->len > 1)
        {
          /* §5.2: a whole undetected grouping attacks (refused otherwise). */
          g_autofree char *ambush = g_strdup_printf ("{\"type\": \"ambush\", \"grouping\": \"%s\","
                                                     " \"target_grouping\": \"%s\"}",
                                                     sl_setup_grouping_at (setup, g_rand_int_range (p->rand, 0, setup->groupings->len))->id,
                                                     sl_setup_grouping_at (setup, g_rand_int_range (p->rand, 0, setup->groupings->len))->id);
          try (p, ambush);
          continue;
        }
      if ((setup->environment.vacuum || setup->environment.hostile) && g_rand_int_range (p->rand, 0, 12) == 0)
        {
          /* A compartment opens to vacuum, or a unit goes back inside (T-36). */
          g_autofree char *exposure = g_strdup_printf ("{\"type\": \"exposure\", \"unit\": \"%s\", \"inside\": %s}",
                                                       unit_id (p, unit),
                                                       state_of (p)->units[unit].inside ? "false" : "true");
          try (p, exposure);
          continue;
        }
      if (out (p, unit))
        continue;
      command = random_declaration (p, unit);
      if (command != NULL)
        try (p, command);
    }
  must (p, "{\"type\": \"next\"}");
}

/* The units a blast catches, as the players would list them: some units
 * standing when the step began, at random distances. */
static char *
random_caught (Player *p)
{
  const SlSetup *setup = setup_of (p);
  g_autoptr(GString) list = g_string_new ("[");
  int n = 0;

  for (guint u = 0; u < setup->units->len && n < 3; u++)
    if (!sl_state_unit_out_at_step (sl_game_get_rules (p->game), state_of (p), u) &&
        g_rand_int_range (p->rand, 0, 5) == 0)
      {
        g_string_append_printf (list, "%s{\"unit\": \"%s\", \"distance_m\": %d}", n ? ", " : "",
                                unit_id (p, u), g_rand_int_range (p->rand, 0, 10));
        n++;
      }
  g_string_append_c (list, ']');
  return g_string_free (g_steal_pointer (&list), FALSE);
}

/* The commands that resolve what is due now (sl_due_list), as the sheets
 * would send them, their dice left to the app. */
static GPtrArray *
due_now (Player *p)
{
  const SlState *s = state_of (p);
  g_autoptr(GArray) due = sl_due_list (sl_game_get_rules (p->game), setup_of (p), s, s->step);
  GPtrArray *commands = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < due->len; i++)
    {
      const SlDue *d = &g_array_index (due, SlDue, i);
      const char *id = d->unit >= 0 ? unit_id (p, d->unit) : NULL;
      g_autofree char *caught = NULL;
      const SlMarker *m;

      switch (d->kind)
        {
        case SL_DUE_FIRE:
          g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"fire\", \"unit\": \"%s\"}", id));
          break;
        case SL_DUE_AREA_BURST:
          {
            /* The wedge: a few units standing when the step began. */
            g_autoptr(GString) targets = g_string_new ("[");
            int n = 0;

            for (int u = 0; u < s->n_units && n < 3; u++)
              if (u != d->unit && !sl_state_unit_out_at_step (sl_game_get_rules (p->game), s, u) &&
                  g_rand_int_range (p->rand, 0, 3) == 0)
                {
                  g_string_append_printf (targets, "%s{\"unit\": \"%s\", \"distance_m\": %d}", n > 0 ? ", " : "",
                                          unit_id (p, u), 5 + n * 3);
                  n++;
                }
            if (n == 0)
              for (int u = 0; u < s->n_units && n == 0; u++)
                if (u != d->unit && !sl_state_unit_out_at_step (sl_game_get_rules (p->game), s, u))
                  g_string_append_printf (targets, "{\"unit\": \"%s\", \"distance_m\": 5}", unit_id (p, u)), n++;
            g_string_append_c (targets, ']');
            g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"area-burst\", \"unit\": \"%s\", \"targets\": %s}",
                                                        id, targets->str));
          }
          break;
        case SL_DUE_THROW:
          g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"throw\", \"unit\": \"%s\", \"range_m\": %d}", id,
                                                      g_rand_int_range (p->rand, 2, 24)));
          break;
        case SL_DUE_LAUNCH:
          g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"launch\", \"unit\": \"%s\", \"grenades\":"
                                                      " [{\"range_m\": %d}]}", id, g_rand_int_range (p->rand, 15, 60)));
          break;
        case SL_DUE_DETONATE:
          /* The sheet names the charge when there is one to name. */
          g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"detonate\", \"unit\": \"%s\"}", id));
          for (guint k = 0; k < s->markers->len; k++)
            {
              m = &g_array_index (s->markers, SlMarker, k);
              if (m->kind == SL_MARKER_CHARGE && m->due < 0 && !m->resolved && m->owner >= 0 &&
                  s->squad_of[m->owner] == s->squad_of[d->unit])
                {
                  g_free (commands->pdata[commands->len - 1]);
                  commands->pdata[commands->len - 1] = g_strdup_printf ("{\"type\": \"detonate\", \"unit\": \"%s\","
                                                                         " \"marker\": %d}", id, m->id);
                  break;
                }
            }
          break;
        case SL_DUE_BLAST:
          m = sl_state_find_marker (s, d->marker);
          if (m->kind == SL_MARKER_GRENADE && m->type == SL_GRENADE_SG)
            g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"blast\", \"marker\": %d}", d->marker));
          else
            {
              guint k = g_rand_int_range (p->rand, 0, G_N_ELEMENTS (obstacle_kinds));
              g_autofree char *label = g_strdup_printf ("obstacle %u", k);
              /* Not one the table has already blown away (a Breach marker
               * lies there, P-25): the blast goes off in the open. */
              g_autofree char *obstacle = m->kind != SL_MARKER_MINE && !breached (s, label) && g_rand_boolean (p->rand)
                ? g_strdup_printf (", \"obstacle\": {\"label\": \"%s\", \"kind\": \"%s\"}", label, obstacle_kinds[k])
                : g_strdup ("");

              caught = random_caught (p);
              g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"blast\", \"marker\": %d, \"units\": %s%s}",
                                                          d->marker, caught, obstacle));
            }
          break;
        case SL_DUE_FIRE_MISSION:
          caught = random_caught (p);
          g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"fire-mission\", \"marker\": %d, \"mission\": \"%s\","
                                                      " \"units\": %s}", d->marker,
                                                      g_rand_boolean (p->rand) ? "mortar" : "missile", caught));
          break;
        case SL_DUE_AVOID:
        case SL_DUE_MELEE:
        case SL_DUE_RALLY:
          g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"%s\", \"unit\": \"%s\"}",
                                                      sl_due_commands[d->kind], id));
          break;
        case SL_DUE_ROUT_CHECK:
          g_ptr_array_add (commands, g_strdup_printf ("{\"type\": \"rout-check\", \"squad\": \"%s\"}",
                                                      sl_setup_squad_at (setup_of (p), d->squad)->id));
          break;
        case SL_N_DUE_KINDS:
        default:
          g_assert_not_reached ();
        }
    }
  return commands;
}

static void
shuffle (GRand     *rand,
         GPtrArray *array)
{
  for (guint i = array->len; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      gpointer t = array->pdata[i - 1];

      array->pdata[i - 1] = array->pdata[j];
      array->pdata[j] = t;
    }
}

/* Resolves everything due in this step, in a random order, until nothing
 * is left (a blast may set off a mine due in the same step); each must be
 * accepted. Returns the commands as journaled, with their dice. */
static GPtrArray *
resolve_step (Player *p)
{
  GPtrArray *done = g_ptr_array_new_with_free_func (g_free);

  for (int round = 0; round < 50; round++)
    {
      g_autoptr(GPtrArray) due = due_now (p);
      gboolean any = FALSE;

      if (due->len == 0)
        break;
      shuffle (p->rand, due);
      for (guint i = 0; i < due->len; i++)
        {
          g_autoptr(GError) error = NULL;
          const SlJournalEntry *e = sl_game_apply_text (p->game, due->pdata[i], &error);

          /* Resolved by another entry (both sides of a melee at once). */
          if (e == NULL)
            continue;
          p->commands++;
          any = TRUE;
          g_ptr_array_add (done, sl_json_to_string (sl_journal_entry_get_command (e), FALSE));
        }
      if (!any)
        {
          /* Nothing the app offers for what is due is accepted: a dead
           * end, unless nothing was due after all. */
          g_autoptr(GPtrArray) again = due_now (p);
          g_autoptr(GError) error = NULL;
          const SlJournalEntry *e = sl_game_apply_text (p->game, again->pdata[0], &error);

          if (e == NULL)
            dump (p);
          if (e == NULL)
            g_error ("%s, turn %d, phase %d, subphase %d, step %d: stuck: %s was refused: %s", p->scenario,
                     state_of (p)->turn, state_of (p)->phase, state_of (p)->subphase, state_of (p)->step,
                     (char *) again->pdata[0], error->message);
          g_ptr_array_add (done, sl_json_to_string (sl_journal_entry_get_command (e), FALSE));
        }
    }
  return done;
}

static int
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The state as JSON, its markers without their ids and in a fixed order:
 * markers are numbered as they are placed, so two grenades thrown in one
 * step are numbered in the order the table enters them — a name, not an
 * outcome. */
static JsonNode *
comparable_state (SlGame *game)
{
  JsonNode *node = sl_game_state_to_json (game);
  JsonObject *root = json_node_get_object (node);
  JsonArray *markers = json_object_get_array_member (root, "markers");
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  JsonArray *sorted = json_array_new ();

  for (guint i = 0; i < json_array_get_length (markers); i++)
    {
      JsonObject *m = json_array_get_object_element (markers, i);

      json_object_remove_member (m, "id");
      g_ptr_array_add (texts, sl_json_to_string (json_array_get_element (markers, i), FALSE));
    }
  g_ptr_array_sort (texts, compare_texts);
  for (guint i = 0; i < texts->len; i++)
    json_array_add_string_element (sorted, texts->pdata[i]);
  json_object_set_array_member (root, "markers", sorted);
  return node;
}

/* The same entries of a step in another order, from the state the step
 * began in (the game saved and opened again, back at @start, the position
 * the step began at): the same state once `next` ends it. An entry that
 * needs another first (a mine set off by a blast) waits for it. */
static void
check_shuffled (Player     *p,
                guint       start,
                GPtrArray  *done)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = sl_game_serialize (p->game);
  g_autoptr(SlGame) other = sl_game_load_from_data (sl_game_get_rules (p->game), text, -1, "shuffled", &error);
  g_autoptr(GPtrArray) left = g_ptr_array_new ();

  g_assert_no_error (error);
  g_assert_true (sl_game_go_to (other, start));
  for (guint i = 0; i < done->len; i++)
    g_ptr_array_add (left, done->pdata[i]);
  shuffle (p->rand, left);
  while (left->len > 0)
    {
      guint before_len = left->len;

      for (guint i = 0; i < left->len;)
        {
          g_autoptr(GError) e = NULL;

          if (sl_game_apply_text (other, left->pdata[i], &e) != NULL)
            g_ptr_array_remove_index (left, i);
          else
            i++;
        }
      if (left->len == before_len)
        g_error ("%s, turn %d, subphase %d: in another order %s is refused", p->scenario,
                 state_of (p)->turn, state_of (p)->subphase, (char *) left->pdata[0]);
    }
  g_assert_nonnull (sl_game_apply_text (other, "{\"type\": \"next\"}", &error));
  g_assert_no_error (error);
  {
    g_autoptr(JsonNode) a = comparable_state (p->game);
    g_autoptr(JsonNode) b = comparable_state (other);

    if (!json_node_equal (a, b))
      {
        g_autofree char *ta = sl_json_to_string (a, TRUE);
        g_autofree char *tb = sl_json_to_string (b, TRUE);

        for (guint i = 0; i < done->len; i++)
          g_printerr ("entry %u: %s\n", i, (char *) done->pdata[i]);
        dump (p);
        g_file_set_contents ("/tmp/sl-random-a.json", ta, -1, NULL);
        g_file_set_contents ("/tmp/sl-random-b.json", tb, -1, NULL);
        g_error ("%s, turn %d, subphase %d: another order gives another state (/tmp/sl-random-[ab].json)",
                 p->scenario, state_of (p)->turn, state_of (p)->subphase);
      }
  }
  p->shuffles++;
}

/* Before play, hidden units place their piles, some with decoys (P-28). */
static void
play_hiding (Player *p)
{
  const SlState *s = state_of (p);

  for (int u = 0; u < s->n_units; u++)
    if (s->units[u].hidden && s->units[u].pile[0] == '\0' && g_rand_int_range (p->rand, 0, 4) > 0)
      {
        g_autofree char *command = g_strdup_printf ("{\"type\": \"hide\", \"unit\": \"%s\", \"pile\": \"Pile %d\"%s}",
                                                    unit_id (p, u), u,
                                                    g_rand_boolean (p->rand) ? "" : ", \"decoys\": [\"Decoy\"]");
        g_autofree char *decoy = g_strdup_printf ("\"Decoy %d\"", u);

        /* Each decoy its own label. */
        {
          g_autoptr(GString) text = g_string_new (command);

          g_string_replace (text, "\"Decoy\"", decoy, 1);
          try (p, text->str);
        }
      }
}

/* The Detection Phase: a few tries at piles of the other side (P-27). */
static void
play_detection (Player *p)
{
  const SlSetup *setup = setup_of (p);
  int tries = g_rand_int_range (p->rand, 0, 6);

  for (int i = 0; i < tries; i++)
    {
      int unit = random_unit (p, -1, FALSE);
      g_auto(GStrv) piles = NULL;
      guint n;

      if (unit < 0)
        break;
      piles = sl_state_piles (setup, state_of (p), 1 - sl_setup_unit_at (setup, unit)->side);
      n = g_strv_length (piles);
      if (n > 0)
        {
          g_autofree char *command = g_strdup_printf ("{\"type\": \"detect\", \"unit\": \"%s\", \"pile\": \"%s\","
                                                      " \"distance_m\": %d}", unit_id (p, unit),
                                                      piles[g_rand_int_range (p->rand, 0, n)],
                                                      g_rand_int_range (p->rand, 1, 4));
          try (p, command);
        }
    }
  must (p, "{\"type\": \"next\"}");
}

/* One step of the game, whatever the clock says. */
static void
play_step (Player *p)
{
  const SlState *s = state_of (p);

  if (s->phase == SL_PHASE_INITIATIVE && !s->initiative_done)
    {
      if (sl_state_before_play (s))
        play_hiding (p);
      play_initiative (p);
      return;
    }
  if (s->phase == SL_PHASE_DETECTION)
    {
      play_detection (p);
      return;
    }
  if (s->phase == SL_PHASE_ACTION && s->step == SL_STEP_INITIATIVE_ORDER)
    {
      play_initiative_order (p);
      return;
    }
  {
    guint start = sl_game_get_position (p->game);
    g_autoptr(GPtrArray) done = resolve_step (p);

    must (p, "{\"type\": \"next\"}");
    if (done->len > 1)
      check_shuffled (p, start, done);
  }
}

static void
play_game (const char *scenario,
           guint32     seed)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) parts = g_strsplit (scenario, "+", 2);
  g_autofree char *path = g_strdup_printf ("%s/scenarios/%s.json", SL_SOURCE_DATADIR, parts[0]);
  g_autoptr(JsonObject) options = json_object_new ();
  Player p = { 0 };
  guint steps = 0;

  /* "id+option": a yes/no rule option on. */
  if (parts[1] != NULL)
    json_object_set_boolean_member (options, parts[1], TRUE);
  p.scenario = scenario;
  p.game = sl_game_new (sl_test_rules (),
                        sl_setup_new_from_file_with_options (sl_test_rules (), path, options, &error));
  g_assert_no_error (error);
  sl_game_set_seed (p.game, seed);
  p.rand = g_rand_new_with_seed (seed);
  while (!state_of (&p)->over)
    {
      play_step (&p);
      g_assert_cmpuint (++steps, <, 20000);
    }
  g_test_message ("%s, seed %u: %u commands, %u steps checked in another order, over after turn %d",
                  scenario, seed, p.commands, p.shuffles, state_of (&p)->turn);
  sl_test_check_reload (p.game);
  g_rand_free (p.rand);
  g_object_unref (p.game);
}

typedef struct
{
  const char *scenario;
  guint32     seed;
} RandomGame;

static void
test_random_game (gconstpointer data)
{
  const RandomGame *game = data;

  play_game (game->scenario, game->seed);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const scenarios[] = {
    "training", "definitely-not-camping", "definitely-not-camping+scenario1Detection",
    "blow-the-damn-thing-up", "pest-control"
  };
  const char *games = g_getenv ("SL_RANDOM_GAMES");
  const char *seed = g_getenv ("SL_RANDOM_SEED");
  guint n = games != NULL ? (guint) atoi (games) : 6;
  guint32 first = seed != NULL ? (guint32) strtoul (seed, NULL, 10) : 1995;
  /* (Freed here: GTest frees a test's data only if the test ran.) */
  g_autofree RandomGame *games_played = g_new (RandomGame, G_N_ELEMENTS (scenarios) * n);

  g_test_init (&argc, &argv, NULL);
  /* /random/SCENARIO/SEED: a scenario (with its options) is a suite, which
   * tests/meson.build may run in a process of its own. */
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    for (guint k = 0; k < n; k++)
      {
        RandomGame *game = &games_played[i * n + k];
        g_autofree char *name = NULL;

        game->scenario = scenarios[i];
        game->seed = first + k;
        name = g_strdup_printf ("/random/%s/%u", scenarios[i], game->seed);
        g_test_add_data_func (name, game, test_random_game);
      }
  return g_test_run ();
}
