/* sl-rules.c: loading and validating the rules tables
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "sl-file.h"
#include "sl-hash.h"
#include "sl-json.h"
#include "sl-options.h"
#include "sl-rules-private.h"
#include "sl-rules.h"

G_DEFINE_QUARK (sl-rules-error-quark, sl_rules_error)

const char * const sl_move_names[] = {
  "none", "walk", "run", "sprint", "crawl", "jump", "dive", "backward", "sideways", NULL
};
const char * const sl_position_names[] = {
  "standing", "kneeling", "prone", NULL
};
const char * const sl_cover_names[] = {
  "none", "half-soft", "half-hard", "full-soft", "full-hard", "light-woods", "heavy-woods",
  "window", NULL
};
const char * const sl_wound_names[] = {
  "none", "light", "moderate", "serious", "unconscious", "dead", NULL
};
const char * const sl_quality_names[] = {
  "civilian", "green", "regular", "veteran", "elite", NULL
};
const char * const sl_weapon_class_names[] = {
  "laser", "slug", "spike", "caseless", NULL
};
const char * const sl_charge_row_names[] = {
  "smg-pistol", "laser", "slug", "spike", "explosion", NULL
};
const char * const sl_magazine_names[] = {
  "none", "R", "P", "FG", "SG", NULL
};
const char * const sl_action_category_names[] = {
  "movement", "fire", "aimed-fire", "opportunity-fire", "melee", "other", NULL
};

const char *
sl_move_label (SlMove move)
{
  switch (move)
    {
    case SL_MOVE_WALK: return _("walking");
    case SL_MOVE_RUN: return _("running");
    case SL_MOVE_SPRINT: return _("sprinting");
    case SL_MOVE_CRAWL: return _("crawling");
    case SL_MOVE_JUMP: return _("jumping");
    case SL_MOVE_DIVE: return _("diving");
    case SL_MOVE_BACKWARD: return _("moving backward");
    case SL_MOVE_SIDEWAYS: return _("moving sideways");
    case SL_MOVE_NONE:
    case SL_N_MOVES:
    default:
      return _("standing still");
    }
}

const char *
sl_position_label (SlPosition position)
{
  switch (position)
    {
    case SL_POSITION_KNEELING: return _("kneeling");
    case SL_POSITION_PRONE: return _("prone");
    case SL_POSITION_STANDING:
    case SL_N_POSITIONS:
    default:
      return _("standing");
    }
}

const char *
sl_quality_label (SlQuality quality)
{
  switch (quality)
    {
    case SL_QUALITY_CIVILIAN: return _("Civilian");
    case SL_QUALITY_GREEN: return _("Green");
    case SL_QUALITY_VETERAN: return _("Veteran");
    case SL_QUALITY_ELITE: return _("Elite");
    case SL_QUALITY_REGULAR:
    case SL_N_QUALITIES:
    default:
      return _("Regular");
    }
}

static const char * const scatter_result_names[] = {
  "long", "short", "left", "right", "double", "triple", NULL
};

/* Entries the engine refers to by id; the data must provide them. */
static const char * const required_checks[] = {
  "ranged", "follow-through", "melee", "avoid-melee", "detection", "hand-grenade",
  "grenade-launcher", "mortar", "missile", "rally", "zero-g", "mine-chain", "jam", "rout", NULL
};
static const char * const required_actions[] = {
  "aimed-fire", "avoid-melee", "call-fire-mission", "call-elevator", "change-facing",
  "change-omni-mode", "clear-weapon", "crawl", "dive", "drop-object", "pick-up-object", "fire",
  "install-plastic", "install-shaped", "jump", "leave-stealth", "enter-stealth", "melee", "walk",
  "run", "sprint", "move-sideways", "move-backward", "open-door", "open-airlock",
  "opportunity-fire", "position-change", "rally", "reload", "use-device", "exchange", "stairs",
  "elevator-travel", NULL
};
static const char * const required_terrain[] = {
  "clear", "light-woods", "heavy-woods", "stream", "river", "marsh", "up-slope", "down-slope",
  "steep-slope", NULL
};
static const char * const required_fire_modes[] = {
  "single", "aimed", "opportunity", "launcher", "concentrated", "area", NULL
};
static const char * const required_detection[] = {
  "rain", "night-power-suit", "night-no-power-suit", "ecm", "ground-sensor", "smoke",
  "camo-tinter", "ranger-suit", "light-woods", "heavy-woods", "half-cover", "full-cover",
  "holotarp", "not-stealth", NULL
};
static const char * const required_equipment[] = {
  "ground-sensor", "camo-tinter", "ecm-jammer", "holotarp", "grenade-launcher", "mine",
  "plastic-charge", "shaped-charge", "mortar-mission", "missile-mission", NULL
};
static const char * const required_costs[] = {
  "grenades", "grenade-launcher", "mine", "plastic-charge", "shaped-charge", "mortar-mission",
  "missile-mission", "defender-undetected", "holotarp", "ecm-jammer", "ground-sensor",
  "camo-tinter", NULL
};
static const char * const required_fire_missions[] = { "mortar", "missile", NULL };
static const char * const required_obstacles[] = {
  "internal-wall", "external-wall", "internal-bulkhead", "external-bulkhead", "internal-door",
  "external-door", "airlock-door", "machinery", "bulkhead-door", "furniture", "obstacle",
  "window", "sliding-door", NULL
};

#define MOD_MIN -100
#define MOD_MAX 100

/* SlTable */

static void
table_init (SlTable        *table,
            const char     *what,
            const char     *table_id,
            GDestroyNotify  free_func)
{
  table->items = g_ptr_array_new_with_free_func (free_func);
  table->ids = g_ptr_array_new ();
  g_ptr_array_add (table->ids, NULL);
  table->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  table->what = g_strdup (what);
  table->table = g_strdup (table_id);
}

static void
table_clear (SlTable *table)
{
  g_clear_pointer (&table->by_id, g_hash_table_unref);
  g_clear_pointer (&table->items, g_ptr_array_unref);
  g_clear_pointer (&table->ids, g_ptr_array_unref);
  g_clear_pointer (&table->what, g_free);
  g_clear_pointer (&table->table, g_free);
}

gconstpointer
sl_table_lookup (const SlTable *table,
                 const char    *id)
{
  if (id == NULL || table->by_id == NULL)
    return NULL;
  return g_hash_table_lookup (table->by_id, id);
}

const char * const *
sl_table_ids (const SlTable *table)
{
  return (const char * const *) table->ids->pdata;
}

typedef gpointer (*EntryParser) (SlReader   *reader,
                                 const char *id,
                                 gpointer    user_data);

/* Reads { "table": table_id, "entries": { id: {...}, ... } } (or the object
 * held in @entries_field) into @table. */
static void
load_entries (SlReader    *section,
              const char  *entries_field,
              SlTable     *table,
              EntryParser  parse,
              gpointer     user_data)
{
  g_autoptr(SlReader) entries = NULL;
  g_autoptr(GList) members = NULL;

  if (!sl_reader_require (section, entries_field))
    return;
  entries = sl_reader_object (section, entries_field);
  if (entries == NULL || !sl_reader_ok (section))
    return;

  members = sl_reader_members (entries);
  if (members == NULL)
    {
      sl_reader_fail (section, entries_field, _("The table has no entries."));
      return;
    }
  for (GList *l = members; l && sl_reader_ok (section); l = l->next)
    {
      const char *id = l->data;
      g_autoptr(SlReader) entry = sl_reader_object (entries, id);
      gpointer item;

      if (entry == NULL)
        break;
      item = parse (entry, id, user_data);
      if (item == NULL)
        break;
      g_ptr_array_add (table->items, item);
      g_hash_table_insert (table->by_id, *(char **) item, item);
      /* Every entry struct starts with its id; keep the list NULL-terminated. */
      g_ptr_array_index (table->ids, table->ids->len - 1) = *(char **) item;
      g_ptr_array_add (table->ids, NULL);
      sl_reader_end (entry);
    }
}

static void
require_ids (SlReader           *section,
             const char         *field,
             const SlTable      *table,
             const char * const *ids)
{
  for (guint i = 0; ids[i] && sl_reader_ok (section); i++)
    if (sl_table_lookup (table, ids[i]) == NULL)
      sl_reader_fail (section, field, _("The %s “%s” is missing."), table->what, ids[i]);
}

static char **
read_string_list (SlReader   *r,
                  const char *field)
{
  guint n = sl_reader_array_length (r, field);
  char **list = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    list[i] = g_strdup (sl_reader_array_string (r, field, i));
  return list;
}

static void
need_string (SlReader   *r,
             const char *field)
{
  sl_reader_require (r, field);
  sl_reader_string (r, field, NULL);
}

static double
req_number (SlReader   *r,
            const char *field,
            double      min,
            double      max)
{
  sl_reader_require (r, field);
  return sl_reader_number (r, field, min, max, 0);
}

static int
req_int (SlReader   *r,
         const char *field,
         int         min,
         int         max)
{
  sl_reader_require (r, field);
  return sl_reader_int (r, field, min, max, 0);
}

/* A field of a rules table read straight into SlRules: its name in the
 * file, where it goes (-1: checked, not kept), what it is, and its range
 * (a flag's default, twice). */
typedef enum
{
  FIELD_INT,      /* a whole number (int), required */
  FIELD_NUMBER,   /* a number (double), required */
  FIELD_FLAG,     /* true or false, optional: told in the file, not used */
} FieldKind;

typedef struct
{
  const char *field;
  gssize      offset;
  FieldKind   kind;
  double      min, max;
} Field;

/* The offset of @member, which must be of @type: a field of the wrong kind
 * does not compile (an array of size −1). */
#define MEMBER_OF_TYPE(member, type) \
  (G_STRUCT_OFFSET (SlRules, member) + 0 * sizeof (char[sizeof (((SlRules *) 0)->member) == sizeof (type) ? 1 : -1]))
#define RULE_INT(name, member, lo, hi)    { name, MEMBER_OF_TYPE (member, int), FIELD_INT, lo, hi }
#define RULE_NUMBER(name, member, lo, hi) { name, MEMBER_OF_TYPE (member, double), FIELD_NUMBER, lo, hi }
#define CHECKED_INT(name, lo, hi)         { name, -1, FIELD_INT, lo, hi }
#define CHECKED_FLAG(name, dflt)          { name, -1, FIELD_FLAG, dflt, dflt }

/* Every field of @fields from @r, in their order, into @rules. */
static void
read_fields (SlReader    *r,
             SlRules     *rules,
             const Field *fields,
             guint        n)
{
  for (guint i = 0; i < n; i++)
    {
      const Field *f = &fields[i];

      if (f->kind == FIELD_FLAG)
        sl_reader_bool (r, f->field, f->min != 0);
      else if (f->kind == FIELD_NUMBER)
        {
          double v = req_number (r, f->field, f->min, f->max);

          if (f->offset >= 0)
            G_STRUCT_MEMBER (double, rules, f->offset) = v;
        }
      else
        {
          int v = req_int (r, f->field, (int) f->min, (int) f->max);

          if (f->offset >= 0)
            G_STRUCT_MEMBER (int, rules, f->offset) = v;
        }
    }
}

/* The same from the object @member of @r, which must be there. */
static void
read_field_object (SlReader    *r,
                   const char  *member,
                   SlRules     *rules,
                   const Field *fields,
                   guint        n)
{
  g_autoptr(SlReader) o = NULL;

  sl_reader_require (r, member);
  o = sl_reader_object (r, member);
  if (o == NULL)
    return;
  read_fields (o, rules, fields, n);
  sl_reader_end (o);
}

static char *
req_string (SlReader   *r,
            const char *field)
{
  sl_reader_require (r, field);
  return g_strdup (sl_reader_string (r, field, ""));
}

/* A name the players read: translated (sl_reader_text). */
static char *
req_text (SlReader   *r,
          const char *field)
{
  sl_reader_require (r, field);
  return g_strdup (sl_reader_text (r, field, ""));
}

/* Reads {"walk": 2, "run": 4, ...} into @rates indexed by SlMove; moves
 * not listed keep @missing. */
static void
read_move_map (SlReader   *parent,
               const char *field,
               double     *rates,
               double      min,
               double      max,
               double      missing)
{
  g_autoptr(SlReader) r = NULL;

  for (int m = 0; m < SL_N_MOVES; m++)
    rates[m] = missing;
  if (!sl_reader_require (parent, field))
    return;
  r = sl_reader_object (parent, field);
  if (r == NULL)
    return;
  for (int m = 0; m < SL_N_MOVES; m++)
    if (sl_reader_has (r, sl_move_names[m]))
      rates[m] = sl_reader_number (r, sl_move_names[m], min, max, missing);
  sl_reader_end (r);
}

static void
read_int_move_map (SlReader   *parent,
                   const char *field,
                   int        *values,
                   gboolean   *present)
{
  double tmp[SL_N_MOVES];

  read_move_map (parent, field, tmp, MOD_MIN, MOD_MAX, NAN);
  for (int m = 0; m < SL_N_MOVES; m++)
    {
      if (present)
        present[m] = !isnan (tmp[m]);
      values[m] = isnan (tmp[m]) ? 0 : (int) tmp[m];
      if (!isnan (tmp[m]) && tmp[m] != floor (tmp[m]))
        sl_reader_fail (parent, field, _("Modifiers must be whole numbers."));
    }
}

/* Entry parsers */

static void
check_free (gpointer data)
{
  SlCheckDef *c = data;
  g_free (c->id);
  g_free (c->name);
  g_free (c);
}

static gpointer
parse_check (SlReader *r, const char *id, gpointer user_data)
{
  static const char * const dice[] = { "d10", "d100", NULL };
  SlCheckDef *c = g_new0 (SlCheckDef, 1);

  c->id = g_strdup (id);
  c->name = req_text (r, "name");
  sl_reader_require (r, "die");
  c->die = sl_reader_enum (r, "die", dice, N_("die"), 0) == 1 ? 100 : 10;
  c->target = req_int (r, "target", 0, c->die);
  sl_reader_require (r, "automatic");
  c->automatic = sl_reader_bool (r, "automatic", TRUE);
  c->natural_only = sl_reader_bool (r, "natural_only", FALSE);
  sl_reader_string (r, "book", NULL);
  return c;
}

typedef struct
{
  char *id;
  char *name;
  char *text;
} SlInfo;

static void
info_free (gpointer data)
{
  SlInfo *info = data;
  g_free (info->id);
  g_free (info->name);
  g_free (info->text);
  g_free (info);
}

static gpointer
parse_map_feature (SlReader *r, const char *id, gpointer user_data)
{
  SlInfo *info = g_new0 (SlInfo, 1);

  info->id = g_strdup (id);
  info->name = req_text (r, "name");
  info->text = req_string (r, "effect");
  return info;
}

static gpointer
parse_counter (SlReader *r, const char *id, gpointer user_data)
{
  SlInfo *info = g_new0 (SlInfo, 1);
  int *total = user_data;

  info->id = g_strdup (id);
  info->name = req_text (r, "name");
  info->text = req_string (r, "use");
  *total += req_int (r, "quantity", 0, 1000);
  return info;
}

static gpointer
parse_colour (SlReader *r, const char *id, gpointer user_data)
{
  SlInfo *info = g_new0 (SlInfo, 1);

  info->id = g_strdup (id);
  info->name = req_string (r, "colour");
  info->text = req_string (r, "side");
  req_int (r, "squads", 0, 10);
  return info;
}

static gpointer
parse_log_field (SlReader *r, const char *id, gpointer user_data)
{
  SlInfo *info = g_new0 (SlInfo, 1);

  info->id = g_strdup (id);
  info->name = req_text (r, "name");
  info->text = req_string (r, "content");
  return info;
}

static void
action_free (gpointer data)
{
  SlAction *a = data;
  g_free (a->id);
  g_free (a->name);
  g_free (a->requires);
  g_free (a->ends);
  g_free (a->option);
  g_free (a);
}

static gpointer
parse_action (SlReader *r, const char *id, gpointer user_data)
{
  SlAction *a = g_new0 (SlAction, 1);
  const char *s;

  a->id = g_strdup (id);
  a->name = req_text (r, "name");
  a->cost = req_int (r, "cost", 0, 40);
  sl_reader_require (r, "category");
  a->category = sl_reader_enum (r, "category", sl_action_category_names, N_("action category"),
                                SL_ACTION_OTHER);
  sl_reader_require (r, "combinable");
  a->combinable = sl_reader_bool (r, "combinable", FALSE);
  a->combination_extra = sl_reader_int (r, "combination_extra", 0, 40, 0);
  if (a->combinable && !sl_reader_has (r, "combination_extra"))
    sl_reader_fail (r, "combination_extra", _("A combinable action needs its extra AP (T-06)."));
  a->leader_only = sl_reader_bool (r, "leader_only", FALSE);
  a->fire = sl_reader_bool (r, "fire", FALSE);
  a->move = sl_reader_enum (r, "move", sl_move_names, N_("movement type"), SL_MOVE_NONE);
  a->locked_extra = sl_reader_int (r, "locked_extra", 0, 40, 0);
  a->airlock_extra = sl_reader_int (r, "airlock_extra", 0, 40, 0);
  a->key_from_body_extra = sl_reader_int (r, "key_from_body_extra", 0, 40, 0);
  s = sl_reader_string (r, "requires", NULL);
  a->requires = g_strdup (s);
  s = sl_reader_string (r, "ends", NULL);
  a->ends = g_strdup (s);
  s = sl_reader_string (r, "option", NULL);
  a->option = g_strdup (s);
  sl_reader_string (r, "note", NULL);
  return a;
}

static void
race_free (gpointer data)
{
  SlRace *race = data;
  g_free (race->id);
  g_free (race->name);
  g_free (race);
}

static gpointer
parse_race (SlReader *r, const char *id, gpointer user_data)
{
  SlRace *race = g_new0 (SlRace, 1);

  race->id = g_strdup (id);
  race->name = req_text (r, "name");
  sl_reader_require (r, "move");
  if (sl_reader_array_length (r, "move") != 3 && sl_reader_ok (r))
    sl_reader_fail (r, "move", _("Expected three values: walk, run and sprint."));
  for (guint i = 0; i < 3; i++)
    race->move[i] = sl_reader_array_number (r, "move", i, -10, 10, 0);
  race->initiative = req_int (r, "initiative", MOD_MIN, MOD_MAX);
  race->armor = req_int (r, "armor", MOD_MIN, MOD_MAX);
  race->to_hit = req_int (r, "to_hit", MOD_MIN, MOD_MAX);
  race->leader = req_int (r, "leader", MOD_MIN, MOD_MAX);
  race->leader_only = sl_reader_bool (r, "leader_only", FALSE);
  race->melee = req_int (r, "melee", MOD_MIN, MOD_MAX);
  return race;
}

static void
terrain_free (gpointer data)
{
  SlTerrain *t = data;
  g_free (t->id);
  g_free (t->name);
  g_free (t->bounce);
  g_free (t);
}

static gpointer
parse_terrain (SlReader *r, const char *id, gpointer user_data)
{
  static const char * const bounce_modes[] = { "clear", "light-woods", "normal", NULL };
  SlTerrain *t = g_new0 (SlTerrain, 1);
  guint n;

  t->id = g_strdup (id);
  t->name = req_text (r, "name");
  t->prohibited = sl_reader_bool (r, "prohibited", FALSE);
  if (!t->prohibited)
    t->cost = req_number (r, "cost", 0.1, 20);
  t->modifier = req_int (r, "modifier", MOD_MIN, MOD_MAX);
  t->los_limit_m = sl_reader_number (r, "los_limit_m", 0, 1000, 0);
  t->max_per_subphase_m = sl_reader_number (r, "max_per_subphase_m", 0, 100, 0);
  n = sl_reader_array_length (r, "forbids");
  for (guint i = 0; i < n; i++)
    {
      int m = sl_reader_array_enum (r, "forbids", i, sl_move_names, N_("movement type"), 0);
      t->forbids[m] = TRUE;
    }
  if (sl_reader_has (r, "bounce"))
    {
      int b = sl_reader_enum (r, "bounce", bounce_modes, N_("bounce-pack treatment"), 0);
      t->bounce = g_strdup (bounce_modes[b]);
    }
  t->slope = sl_reader_bool (r, "slope", FALSE);
  return t;
}

static void
troop_free (gpointer data)
{
  SlTroop *t = data;
  g_free (t->id);
  g_free (t->name);
  g_free (t->suit);
  g_free (t->naval_suit);
  g_free (t->required_weapon);
  g_free (t->remarks);
  g_free (t);
}

static gpointer
parse_troop (SlReader *r, const char *id, gpointer user_data)
{
  SlTroop *t = g_new0 (SlTroop, 1);
  const char *s;

  t->id = g_strdup (id);
  t->name = req_text (r, "name");
  t->cost = req_int (r, "cost", 0, 1000);
  t->to_hit = req_int (r, "to_hit", MOD_MIN, MOD_MAX);
  t->melee = req_int (r, "melee", MOD_MIN, MOD_MAX);
  sl_reader_require (r, "zero_g");
  t->zero_g_allowed = !sl_reader_is_null (r, "zero_g");
  if (t->zero_g_allowed)
    t->zero_g = sl_reader_int (r, "zero_g", MOD_MIN, MOD_MAX, 0);
  t->has_zero_g_naval = sl_reader_has (r, "zero_g_naval");
  t->zero_g_naval = sl_reader_int (r, "zero_g_naval", MOD_MIN, MOD_MAX, 0);
  t->suit = req_string (r, "suit");
  s = sl_reader_string (r, "naval_suit", NULL);
  t->naval_suit = g_strdup (s);
  t->ambush_to_hit = sl_reader_int (r, "ambush_to_hit", MOD_MIN, MOD_MAX, 0);
  t->bounce_doctrine = sl_reader_bool (r, "bounce_doctrine", TRUE);
  s = sl_reader_string (r, "required_weapon", NULL);
  t->required_weapon = g_strdup (s);
  t->remarks = g_strdup (sl_reader_string (r, "remarks", ""));
  return t;
}

static void
read_profile (SlReader        *r,
              SlWeaponProfile *p,
              gboolean         required)
{
  if (required)
    {
      sl_reader_require (r, "to_hit");
      sl_reader_require (r, "penetration");
      sl_reader_require (r, "auto_fire");
      sl_reader_require (r, "class");
      sl_reader_require (r, "charge_class");
    }
  p->to_hit = sl_reader_int (r, "to_hit", MOD_MIN, MOD_MAX, 0);
  p->penetration = sl_reader_int (r, "penetration", 0, 50, 0);
  p->auto_fire = sl_reader_bool (r, "auto_fire", FALSE);
  p->weapon_class = sl_reader_enum (r, "class", sl_weapon_class_names, N_("weapon class"), 0);
  p->charge_row = sl_reader_enum (r, "charge_class", sl_charge_row_names,
                                  N_("charge-shot row"), 0);
}

static void
weapon_free (gpointer data)
{
  SlWeapon *w = data;
  g_free (w->id);
  g_free (w->name);
  g_free (w);
}

static gpointer
parse_weapon (SlReader *r, const char *id, gpointer user_data)
{
  static const char * const mags[] = { "R", "P", NULL };
  SlWeapon *w = g_new0 (SlWeapon, 1);

  w->id = g_strdup (id);
  w->name = req_text (r, "name");
  w->cost = req_int (r, "cost", 0, 1000);
  read_profile (r, &w->profile, TRUE);
  sl_reader_require (r, "rounds");
  if (!sl_reader_is_null (r, "rounds"))
    w->rounds = sl_reader_int (r, "rounds", 1, 1000, 1);
  sl_reader_require (r, "magazine");
  w->magazine = sl_reader_enum (r, "magazine", mags, N_("magazine class"), 0) == 1
                ? SL_MAGAZINE_P : SL_MAGAZINE_R;
  w->rifle = sl_reader_bool (r, "rifle", FALSE);
  w->carbine = sl_reader_bool (r, "carbine", FALSE);
  w->zero_g_penalty = sl_reader_bool (r, "zero_g_penalty", FALSE);

  if (sl_reader_has (r, "modes"))
    {
      g_autoptr(SlReader) modes = sl_reader_object (r, "modes");
      g_autoptr(SlReader) spike = NULL;
      g_autoptr(SlReader) slug = NULL;

      w->has_modes = TRUE;
      if (modes != NULL)
        {
          sl_reader_require (modes, "spike");
          sl_reader_require (modes, "slug");
          spike = sl_reader_object (modes, "spike");
          slug = sl_reader_object (modes, "slug");
          if (spike)
            {
              read_profile (spike, &w->spike_mode, TRUE);
              sl_reader_end (spike);
            }
          if (slug)
            {
              read_profile (slug, &w->slug_mode, TRUE);
              sl_reader_end (slug);
            }
          sl_reader_end (modes);
        }
    }
  return w;
}

static void
armor_free (gpointer data)
{
  SlArmor *a = data;
  g_free (a->id);
  g_free (a->name);
  g_free (a);
}

static gpointer
parse_armor (SlReader *r, const char *id, gpointer user_data)
{
  SlArmor *a = g_new0 (SlArmor, 1);

  a->id = g_strdup (id);
  a->name = req_text (r, "name");
  a->af = req_int (r, "af", 0, 50);
  a->melee_protection = req_int (r, "melee_protection", MOD_MIN, MOD_MAX);
  a->move_cost = req_number (r, "move_cost", 1, 10);
  sl_reader_require (r, "bounce");
  a->bounce = sl_reader_bool (r, "bounce", FALSE);
  a->cost = req_int (r, "cost", 0, 1000);
  a->detection = req_int (r, "detection", MOD_MIN, MOD_MAX);
  a->to_hit_against = sl_reader_int (r, "to_hit_against", MOD_MIN, MOD_MAX, 0);
  a->detection_against = sl_reader_int (r, "detection_against", MOD_MIN, MOD_MAX, 0);
  a->thruster = sl_reader_bool (r, "thruster", FALSE);
  sl_reader_string (r, "remarks", NULL);
  return a;
}

static gpointer
parse_suit_category (SlReader *r, const char *id, gpointer user_data)
{
  SlRules *rules = user_data;
  SlArmor *a = (SlArmor *) sl_table_lookup (&rules->armor, id);

  if (a == NULL)
    {
      sl_reader_fail (r, NULL, _("There is no suit “%s” in the Armor Table (T-13)."), id);
      return NULL;
    }
  sl_reader_require (r, "power_suit");
  sl_reader_require (r, "fire_control");
  sl_reader_require (r, "sensor");
  sl_reader_require (r, "sealed");
  a->power_suit = sl_reader_bool (r, "power_suit", FALSE);
  a->fire_control = sl_reader_bool (r, "fire_control", FALSE);
  a->sensor = sl_reader_bool (r, "sensor", FALSE);
  a->sealed = sl_reader_bool (r, "sealed", FALSE);
  /* The table of categories only marks the suits it has seen. */
  {
    SlInfo *mark = g_new0 (SlInfo, 1);
    mark->id = g_strdup (id);
    return mark;
  }
}

static void
obstacle_free (gpointer data)
{
  SlObstacle *o = data;
  g_free (o->id);
  g_free (o->name);
  g_free (o->kind);
  g_free (o->option);
  g_free (o);
}

static gpointer
parse_obstacle (SlReader *r, const char *id, gpointer user_data)
{
  SlObstacle *o = g_new0 (SlObstacle, 1);
  const char *s;

  o->id = g_strdup (id);
  o->name = req_text (r, "name");
  sl_reader_require (r, "af");
  o->af = sl_reader_is_null (r, "af") ? -1 : sl_reader_int (r, "af", 0, 50, 0);
  o->kind = req_string (r, "kind");
  s = sl_reader_string (r, "option", NULL);
  o->option = g_strdup (s);
  if (o->af < 0 && o->option == NULL && sl_reader_ok (r))
    sl_reader_fail (r, "af", _("An obstacle without an armor factor must name the option that gives it."));
  return o;
}

static void
detection_free (gpointer data)
{
  SlDetectionModifier *d = data;
  g_free (d->id);
  g_free (d->name);
  g_free (d);
}

static gpointer
parse_detection (SlReader *r, const char *id, gpointer user_data)
{
  SlDetectionModifier *d = g_new0 (SlDetectionModifier, 1);

  d->id = g_strdup (id);
  d->name = req_text (r, "name");
  d->value = req_int (r, "value", MOD_MIN, MOD_MAX);
  d->secret = sl_reader_bool (r, "secret", FALSE);
  d->advanced = sl_reader_bool (r, "advanced", FALSE);
  d->beyond_m = sl_reader_number (r, "beyond_m", 0, 1000, 0);
  sl_reader_string (r, "option", NULL);
  return d;
}

static void
fire_mode_free (gpointer data)
{
  SlFireMode *m = data;
  g_free (m->id);
  g_free (m->name);
  g_free (m);
}

static gpointer
parse_fire_mode (SlReader *r, const char *id, gpointer user_data)
{
  SlFireMode *m = g_new0 (SlFireMode, 1);

  m->id = g_strdup (id);
  m->name = req_text (r, "name");
  m->max_per_turn = req_int (r, "max_per_turn", 0, 10);
  sl_reader_require (r, "after_previous");
  m->after_previous = sl_reader_bool (r, "after_previous", FALSE);
  m->same_target = sl_reader_bool (r, "same_target", FALSE);
  m->to_hit = req_int (r, "to_hit", MOD_MIN, MOD_MAX);
  sl_reader_require (r, "movement");
  m->movement = sl_reader_bool (r, "movement", TRUE);
  sl_reader_int (r, "targets", 0, 100, 1);
  m->max_hits = sl_reader_int (r, "max_hits", 0, 100, 0);
  sl_reader_int (r, "wedge_degrees", 0, 360, 0);
  return m;
}

static void
fire_mission_free (gpointer data)
{
  SlFireMissionDef *f = data;
  g_free (f->id);
  g_free (f->name);
  g_free (f->check);
  g_free (f->scatter);
  g_free (f);
}

static gpointer
parse_fire_mission (SlReader *r, const char *id, gpointer user_data)
{
  SlRules *rules = user_data;
  SlFireMissionDef *f = g_new0 (SlFireMissionDef, 1);

  f->id = g_strdup (id);
  f->name = req_text (r, "name");
  f->cost = req_int (r, "cost", 0, 1000);
  f->check = req_string (r, "check");
  f->scatter = req_string (r, "scatter");
  f->charges = req_int (r, "charges", 2, 4);
  if (sl_reader_ok (r) && sl_table_lookup (&rules->checks, f->check) == NULL)
    sl_reader_fail (r, "check", _("There is no check “%s” in T-01."), f->check);
  return f;
}

static void
equipment_free (gpointer data)
{
  SlEquipment *e = data;
  g_free (e->id);
  g_free (e->name);
  g_free (e);
}

static gpointer
parse_equipment (SlReader *r, const char *id, gpointer user_data)
{
  SlEquipment *e = g_new0 (SlEquipment, 1);

  e->id = g_strdup (id);
  e->name = req_text (r, "name");
  sl_reader_require (r, "limit_per_side");
  e->has_limit_per_side = !sl_reader_is_null (r, "limit_per_side");
  if (e->has_limit_per_side)
    e->limit_per_side = sl_reader_int (r, "limit_per_side", 0, 100, 0);
  e->limit_per_carrier = sl_reader_int (r, "limit_per_carrier", 0, 100, 0);
  e->to_hit = sl_reader_int (r, "to_hit", MOD_MIN, MOD_MAX, 0);
  e->detection = sl_reader_int (r, "detection", MOD_MIN, MOD_MAX, 0);
  sl_reader_number (r, "size_m", 0, 100, 0);
  return e;
}

static void
scenario_free (gpointer data)
{
  SlScenarioSummary *s = data;
  g_free (s->id);
  g_free (s->table);
  g_free (s->name);
  g_strfreev (s->rules);
  g_free (s->charge_points);
  g_free (s);
}

static gpointer
parse_scenario (SlReader *r, const char *id, gpointer user_data)
{
  SlScenarioSummary *s = g_new0 (SlScenarioSummary, 1);

  s->id = g_strdup (id);
  s->table = req_string (r, "table");
  s->name = req_text (r, "name");
  s->length_turns = req_int (r, "length_turns", 1, 1000);
  sl_reader_require (r, "rules");
  s->rules = read_string_list (r, "rules");
  if (sl_reader_has (r, "primary_kill_fraction"))
    {
      if (sl_reader_array_length (r, "primary_kill_fraction") != 2)
        sl_reader_fail (r, "primary_kill_fraction", _("Expected a fraction as two numbers."));
      s->kill_fraction[0] = sl_reader_array_int (r, "primary_kill_fraction", 0, 0, 100, 0);
      s->kill_fraction[1] = sl_reader_array_int (r, "primary_kill_fraction", 1, 1, 100, 1);
    }
  if (sl_reader_has (r, "charge_points"))
    {
      s->n_charge_points = sl_reader_array_length (r, "charge_points");
      s->charge_points = g_new0 (int, MAX (s->n_charge_points, 1));
      for (int i = 0; i < s->n_charge_points; i++)
        s->charge_points[i] = sl_reader_array_int (r, "charge_points", i, 0, 10000, 0);
    }
  s->extra_charge_points = sl_reader_int (r, "extra_charge_points", 0, 10000, 0);
  s->hold_turns = sl_reader_int (r, "hold_turns", 0, 100, 0);
  s->enemy_on_objective_points = sl_reader_int (r, "enemy_on_objective_points", -10000, 10000, 0);
  return s;
}

/* Sections with fixed members */

static SlReader *
open_section (SlReader   *root,
              const char *field,
              const char *table)
{
  SlReader *section;
  const char *declared;

  if (!sl_reader_require (root, field))
    return NULL;
  section = sl_reader_object (root, field);
  if (section == NULL)
    return NULL;
  sl_reader_require (section, "table");
  declared = sl_reader_string (section, "table", "");
  if (sl_reader_ok (section) && !g_str_equal (declared, table))
    sl_reader_fail (section, "table", _("This section holds table %s, not %s."), table, declared);
  return section;
}

static SlReader *
close_section (SlReader *section)
{
  sl_reader_end (section);
  sl_reader_free (section);
  return NULL;
}

static void
load_combinations (SlRules  *rules,
                   SlReader *s)
{
  static const char * const combo_moves[] = {
    "none", "walk", "run", "sprint", "crawl", "jump", "dive", "backward", "sideways", "kneeling", NULL
  };
  guint n;

  sl_reader_require (s, "moves");
  n = sl_reader_array_length (s, "moves");
  for (guint i = 0; i < n; i++)
    rules->combination_moves[sl_reader_array_enum (s, "moves", i, combo_moves,
                                                   N_("movement type"), 0)] = TRUE;
  rules->running_multiplier = req_int (s, "running_multiplier", 1, 10);
  sl_reader_require (s, "sprint_allows");
  rules->sprint_allows = read_string_list (s, "sprint_allows");
  rules->kneeling_minimum = req_int (s, "kneeling_minimum", 0, 20);
  for (guint i = 0; rules->sprint_allows[i] && sl_reader_ok (s); i++)
    if (sl_table_lookup (&rules->actions, rules->sprint_allows[i]) == NULL)
      sl_reader_fail (s, "sprint_allows", _("There is no action “%s” in T-05."),
                      rules->sprint_allows[i]);
}

static void
load_movement_rates (SlRules  *rules,
                     SlReader *s)
{
  double backward[SL_N_MOVES];

  read_move_map (s, "base", rules->rate_base, 0, 50, 0);
  read_move_map (s, "backward", backward, 0, 50, 0);
  rules->rate_backward_walk = backward[SL_MOVE_WALK];
  rules->rate_backward_crawl = backward[SL_MOVE_CRAWL];
  rules->rate_sideways = req_number (s, "sideways", 0, 50);
  rules->bounce_multiplier = req_number (s, "bounce_multiplier", 1, 10);
  read_move_map (s, "bounce_light_woods", rules->bounce_light_woods, 0, 50, 0);
  read_move_map (s, "moderate", rules->rate_moderate, 0, 50, 0);
  read_move_map (s, "serious", rules->rate_serious, 0, 50, 0);
  read_move_map (s, "snow", rules->rate_snow, 0, 50, 0);
  sl_reader_require (s, "night_no_power_suit_sprint");
  rules->night_no_power_suit_sprint = sl_reader_bool (s, "night_no_power_suit_sprint", FALSE);
  sl_reader_require (s, "zero_g_sprint");
  rules->zero_g_sprint = sl_reader_bool (s, "zero_g_sprint", FALSE);
  if (sl_reader_ok (s))
    for (int m = SL_MOVE_WALK; m <= SL_MOVE_CRAWL; m++)
      if (rules->rate_base[m] <= 0)
        sl_reader_fail (s, "base", _("The base rate for %s is missing."), sl_move_names[m]);
}

static void
read_pair_list (SlReader   *s,
                const char *field,
                double     *beyond,
                int        *modifier,
                guint       count)
{
  sl_reader_require (s, field);
  if (sl_reader_array_length (s, field) != count && sl_reader_ok (s))
    sl_reader_fail (s, field, _("Expected %u entries."), count);
  for (guint i = 0; i < count; i++)
    {
      g_autoptr(SlReader) e = sl_reader_array_object (s, field, i);
      beyond[i] = req_number (e, "beyond_m", 0, 1000);
      modifier[i] = req_int (e, "modifier", MOD_MIN, MOD_MAX);
      sl_reader_end (e);
    }
}

/* T-11: the to-hit modifiers, in the file's order. */
static const Field to_hit_facing[] = {
  CHECKED_INT ("none", MOD_MIN, MOD_MAX),
  RULE_INT ("small", to_hit.facing_small, MOD_MIN, MOD_MAX),
  RULE_INT ("large", to_hit.facing_large, MOD_MIN, MOD_MAX),
};
static const Field to_hit_situation[] = {
  RULE_INT ("firing_prone", to_hit.firing_prone, MOD_MIN, MOD_MAX),
  RULE_INT ("target_prone", to_hit.target_prone, MOD_MIN, MOD_MAX),
  RULE_INT ("vehicle", to_hit.vehicle, MOD_MIN, MOD_MAX),
  RULE_INT ("stealth_power", to_hit.stealth_power, MOD_MIN, MOD_MAX),
  RULE_INT ("ecm", to_hit.ecm, MOD_MIN, MOD_MAX),
  RULE_INT ("night_power_suit", to_hit.night_power_suit, MOD_MIN, MOD_MAX),
  RULE_INT ("night_no_power_suit", to_hit.night_no_power_suit, MOD_MIN, MOD_MAX),
  RULE_INT ("smoke", to_hit.smoke, MOD_MIN, MOD_MAX),
  RULE_INT ("camo_tinter", to_hit.camo_tinter, MOD_MIN, MOD_MAX),
};
static const Field to_hit_cover[] = {
  RULE_INT ("half-soft", to_hit.cover_half_soft, MOD_MIN, MOD_MAX),
  RULE_INT ("half-hard", to_hit.cover_half_hard, MOD_MIN, MOD_MAX),
  RULE_INT ("full-soft", to_hit.cover_full_soft, MOD_MIN, MOD_MAX),
  RULE_INT ("full-hard", to_hit.cover_full_hard, MOD_MIN, MOD_MAX),
};
static const Field to_hit_woods[] = {
  RULE_INT ("light-woods", to_hit.woods_light, MOD_MIN, MOD_MAX),
  RULE_INT ("heavy-woods", to_hit.woods_heavy, MOD_MIN, MOD_MAX),
};
static const Field to_hit_fire[] = {
  RULE_INT ("aimed", to_hit.aimed, MOD_MIN, MOD_MAX),
  RULE_INT ("opportunity", to_hit.opportunity, MOD_MIN, MOD_MAX),
  RULE_INT ("area_burst", to_hit.area_burst, MOD_MIN, MOD_MAX),
  RULE_INT ("concentrated_burst", to_hit.concentrated_burst, MOD_MIN, MOD_MAX),
  RULE_INT ("consecutive_burst", to_hit.consecutive_burst, MOD_MIN, MOD_MAX),
  RULE_INT ("other_unit_on_line", to_hit.other_unit_on_line, MOD_MIN, MOD_MAX),
};
static const Field to_hit_rain[] = {
  RULE_NUMBER ("beyond_m", to_hit.rain_beyond_m, 0, 1000),
  RULE_INT ("modifier", to_hit.rain, MOD_MIN, MOD_MAX),
};
static const Field to_hit_follow_through[] = {
  RULE_INT ("follow_through", to_hit.follow_through, MOD_MIN, MOD_MAX),
};

static void
load_to_hit (SlRules  *rules,
             SlReader *s)
{
  read_int_move_map (s, "firer_movement", rules->to_hit.firer_movement,
                     rules->to_hit.firer_movement_allowed);
  read_int_move_map (s, "target_movement", rules->to_hit.target_movement, NULL);
  read_field_object (s, "facing_change", rules, to_hit_facing, G_N_ELEMENTS (to_hit_facing));
  read_fields (s, rules, to_hit_situation, G_N_ELEMENTS (to_hit_situation));
  read_field_object (s, "cover", rules, to_hit_cover, G_N_ELEMENTS (to_hit_cover));
  read_field_object (s, "woods_as_cover", rules, to_hit_woods, G_N_ELEMENTS (to_hit_woods));
  read_fields (s, rules, to_hit_fire, G_N_ELEMENTS (to_hit_fire));
  read_field_object (s, "rain", rules, to_hit_rain, G_N_ELEMENTS (to_hit_rain));
  read_pair_list (s, "snow", rules->to_hit.snow_beyond_m, rules->to_hit.snow, 2);
  read_fields (s, rules, to_hit_follow_through, G_N_ELEMENTS (to_hit_follow_through));
}

/* T-12, A-35: line of sight and dead zones. */
static const Field los_fields[] = {
  RULE_NUMBER ("level_height_m", level_height_m, 0.1, 100),
  RULE_INT ("dead_zone_min_lines", dead_zone_min_lines, 1, 100),
  RULE_NUMBER ("dead_zone_m_per_line", dead_zone_m_per_line, 0, 100),
  RULE_NUMBER ("dead_zone_negated_within_m", dead_zone_negated_within_m, 0, 100),
  RULE_NUMBER ("dead_zone_infinite_within_m", dead_zone_infinite_within_m, 0, 100),
};

static void
load_los (SlRules  *rules,
          SlReader *s)
{
  sl_reader_require (s, "blocked_by");
  rules->los_blocked_by = read_string_list (s, "blocked_by");
  sl_reader_require (s, "penalised_by");
  rules->los_penalised_by = read_string_list (s, "penalised_by");
  read_fields (s, rules, los_fields, G_N_ELEMENTS (los_fields));
}

static void
load_wounds (SlRules  *rules,
             SlReader *s)
{
  sl_reader_require (s, "levels");
  if (sl_reader_array_length (s, "levels") != SL_N_WOUNDS && sl_reader_ok (s))
    {
      sl_reader_fail (s, "levels", _("Expected the six levels none, light, moderate, serious, unconscious and dead."));
      return;
    }
  for (int i = 0; i < SL_N_WOUNDS && sl_reader_ok (s); i++)
    {
      g_autoptr(SlReader) e = sl_reader_array_object (s, "levels", i);
      SlWoundLevel *w = &rules->wounds[i];
      g_autofree char *id = req_string (e, "id");

      if (sl_reader_ok (e) && !g_str_equal (id, sl_wound_names[i]))
        sl_reader_fail (e, "id", _("Expected the level “%s” here, got “%s”."), sl_wound_names[i], id);
      w->id = g_steal_pointer (&id);
      w->box = req_string (e, "box");
      w->name = req_text (e, "name");
      w->to_hit = req_int (e, "to_hit", MOD_MIN, MOD_MAX);
      w->melee = req_int (e, "melee", MOD_MIN, MOD_MAX);
      w->ap_penalty = req_int (e, "ap_penalty", 0, 20);
      sl_reader_require (e, "dazes");
      w->dazes = sl_reader_bool (e, "dazes", FALSE);
      sl_reader_require (e, "out");
      w->out = sl_reader_bool (e, "out", FALSE);
      sl_reader_end (e);
    }
  rules->daze_subphases = req_int (s, "daze_subphases", 1, 40);
}

static void
load_victory_fractions (SlRules  *rules,
                        SlReader *s)
{
  g_autoptr(SlReader) e = NULL;

  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e == NULL)
    return;
  for (int i = 0; i < SL_N_WOUNDS; i++)
    rules->victory_fraction[i] = req_number (e, sl_wound_names[i], 0, 1);
  sl_reader_end (e);
}

static void
load_magazines (SlRules  *rules,
                SlReader *s)
{
  g_autoptr(SlReader) e = NULL;

  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e != NULL)
    {
      for (int m = SL_MAGAZINE_R; m < SL_N_MAGAZINES; m++)
        {
          g_autoptr(SlReader) mag = NULL;

          if (!sl_reader_require (e, sl_magazine_names[m]))
            break;
          mag = sl_reader_object (e, sl_magazine_names[m]);
          if (mag == NULL)
            break;
          need_string (mag, "name");
          rules->magazines[m] = req_int (mag, "count", 0, 100);
          sl_reader_string (mag, "option", NULL);
          sl_reader_end (mag);
        }
      sl_reader_end (e);
    }
  rules->burst_rounds = req_int (s, "burst_rounds", 1, 100);
}

static void
load_burst_hits (SlRules  *rules,
                 SlReader *s)
{
  g_autoptr(SlReader) e = NULL;

  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e == NULL)
    return;
  for (int n = 1; n <= 5 && sl_reader_ok (s); n++)
    {
      char key[4];
      g_autoptr(SlReader) row = NULL;

      g_snprintf (key, sizeof key, "%d", n);
      if (!sl_reader_require (e, key))
        break;
      row = sl_reader_object (e, key);
      if (row == NULL)
        break;
      if (sl_reader_has (row, "fixed"))
        {
          rules->burst_hits[n].fixed = TRUE;
          rules->burst_hits[n].value = sl_reader_int (row, "fixed", 0, 10, 1);
        }
      else
        {
          rules->burst_hits[n].divisor = req_int (row, "divisor", 1, 10);
          rules->burst_hits[n].subtract = req_int (row, "subtract", 0, 10);
          rules->burst_hits[n].minimum = req_int (row, "minimum", 0, 10);
          rules->burst_hits[n].has_option_minimum = sl_reader_has (row, "option_minimum");
          rules->burst_hits[n].option_minimum = sl_reader_int (row, "option_minimum", 0, 10, 0);
        }
      sl_reader_end (row);
    }
  sl_reader_end (e);
}

static void
load_fire_budget (SlRules  *rules,
                  SlReader *s)
{
  rules->fire_budget_normal = req_int (s, "without_auto_fire", 0, 10);
  rules->fire_budget_auto = req_int (s, "with_auto_fire", 0, 10);
  rules->third_fire_must_be = req_string (s, "third_must_be");
  rules->subphases_per_turn = req_int (s, "subphases_per_turn", 1, 100);
  if (sl_reader_ok (s) && sl_table_lookup (&rules->fire_modes, rules->third_fire_must_be) == NULL)
    sl_reader_fail (s, "third_must_be", _("There is no fire mode “%s” in T-22."),
                    rules->third_fire_must_be);
  if (sl_reader_ok (s) && rules->subphases_per_turn != 10)
    sl_reader_fail (s, "subphases_per_turn", _("A turn has 10 subphases (book §5.0)."));
}

static void
load_leader_costs (SlRules  *rules,
                   SlReader *s)
{
  g_autoptr(SlReader) e = NULL;

  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e == NULL)
    return;
  for (int rating = -2; rating <= 2; rating++)
    {
      char key[4];

      g_snprintf (key, sizeof key, "%d", rating);
      rules->leader_cost[rating + 2] = req_int (e, key, -1000, 1000);
    }
  sl_reader_end (e);
}

static void
load_quality (SlRules  *rules,
              SlReader *s)
{
  g_autoptr(SlReader) e = NULL;

  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e != NULL)
    {
      for (int q = 0; q < SL_N_QUALITIES; q++)
        {
          g_autoptr(SlReader) row = NULL;

          if (!sl_reader_require (e, sl_quality_names[q]))
            break;
          row = sl_reader_object (e, sl_quality_names[q]);
          if (row == NULL)
            break;
          rules->quality[q].id = g_strdup (sl_quality_names[q]);
          rules->quality[q].name = req_text (row, "name");
          rules->quality[q].initiative = req_int (row, "initiative", MOD_MIN, MOD_MAX);
          rules->quality[q].rout = req_int (row, "rout", MOD_MIN, MOD_MAX);
          rules->quality[q].rally = req_int (row, "rally", MOD_MIN, MOD_MAX);
          sl_reader_end (row);
        }
      sl_reader_end (e);
    }
  sl_reader_require (s, "default");
  rules->default_quality = sl_reader_enum (s, "default", sl_quality_names, N_("troop quality"),
                                           SL_QUALITY_REGULAR);
}

/* P-31: the rout check's modifiers. */
static const Field rout_fields[] = {
  RULE_INT ("leader_multiplier", rout.leader_multiplier, -100, 100),
  RULE_INT ("wounded_friend", rout.wounded_friend, -100, 100),
  RULE_INT ("dead_friend", rout.dead_friend, -100, 100),
  RULE_INT ("enemy_leader_dead", rout.enemy_leader_dead, -100, 100),
  RULE_INT ("leader_dead", rout.leader_dead, -100, 100),
  RULE_INT ("penal_leader_visible", rout.penal_leader_visible, -100, 100),
  RULE_INT ("penal_leader_not_visible", rout.penal_leader_not_visible, -100, 100),
  RULE_INT ("enemy_casualty", rout.enemy_casualty, -100, 100),
  RULE_INT ("interval_turns", rout.interval_turns, 1, 100),
};

static void
load_rout (SlRules  *rules,
           SlReader *s)
{
  read_fields (s, rules, rout_fields, G_N_ELEMENTS (rout_fields));
}

static void
load_grenade_ranges (SlRules  *rules,
                     SlReader *s)
{
  static const char * const band_ids[] = { "short", "medium", "long", NULL };

  sl_reader_require (s, "bands");
  if (sl_reader_array_length (s, "bands") != 3 && sl_reader_ok (s))
    sl_reader_fail (s, "bands", _("Expected the three bands short, medium and long."));
  for (int i = 0; i < 3 && sl_reader_ok (s); i++)
    {
      g_autoptr(SlReader) b = sl_reader_array_object (s, "bands", i);
      SlGrenadeRange *g = &rules->grenade_ranges[i];

      g->id = req_string (b, "id");
      if (sl_reader_ok (b) && !g_str_equal (g->id, band_ids[i]))
        sl_reader_fail (b, "id", _("Expected the band “%s” here."), band_ids[i]);
      g->name = req_text (b, "name");
      g->max_m = req_int (b, "max_m", 1, 1000);
      g->modifier = req_int (b, "modifier", MOD_MIN, MOD_MAX);
      if (i > 0 && sl_reader_ok (b) && g->max_m <= rules->grenade_ranges[i - 1].max_m)
        sl_reader_fail (b, "max_m", _("Range bands must grow."));
      sl_reader_end (b);
    }
  rules->grenade_not_seen = req_int (s, "not_seen", MOD_MIN, MOD_MAX);
  rules->grenade_through_window = req_int (s, "through_window", MOD_MIN, MOD_MAX);
  rules->grenade_minimum_landing_m = req_number (s, "minimum_landing_m", 0, 100);
  rules->grenade_detonation_delay = req_int (s, "detonation_delay", 0, 10);
}

static void
load_scatter_directions (SlRules  *rules,
                         SlReader *s)
{
  g_autoptr(SlReader) e = NULL;
  guint n;

  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e != NULL)
    {
      for (int roll = 1; roll <= 10; roll++)
        {
          char key[4];

          g_snprintf (key, sizeof key, "%d", roll);
          sl_reader_require (e, key);
          rules->scatter_direction[roll] = sl_reader_enum (e, key, scatter_result_names,
                                                           N_("scatter result"), 0);
        }
      sl_reader_end (e);
    }
  n = sl_reader_array_length (s, "obstacle_reroll");
  for (guint i = 0; i < n; i++)
    rules->scatter_obstacle_reroll[sl_reader_array_enum (s, "obstacle_reroll", i,
                                                         scatter_result_names,
                                                         N_("scatter result"), 0)] = TRUE;
}

static void
load_scatter_distances (SlRules  *rules,
                        SlReader *s)
{
  g_autoptr(SlReader) hand = NULL;
  g_autoptr(SlReader) mult = NULL;

  sl_reader_require (s, "hand");
  hand = sl_reader_object (s, "hand");
  if (hand)
    {
      rules->scatter_hand[0] = req_number (hand, "short", 0, 100);
      rules->scatter_hand[1] = req_number (hand, "medium", 0, 100);
      rules->scatter_hand[2] = req_number (hand, "long", 0, 100);
      sl_reader_end (hand);
    }
  rules->scatter_launcher = req_number (s, "launcher", 0, 100);
  rules->scatter_mortar = req_number (s, "mortar", 0, 100);
  rules->scatter_missile = req_number (s, "missile", 0, 100);
  sl_reader_require (s, "multipliers");
  mult = sl_reader_object (s, "multipliers");
  if (mult)
    {
      rules->scatter_multiplier_double = req_int (mult, "double", 1, 10);
      rules->scatter_multiplier_triple = req_int (mult, "triple", 1, 10);
      sl_reader_end (mult);
    }
}

static void
load_bands (SlReader   *s,
            const char *field,
            SlBand     *bands,
            int        *n_bands)
{
  guint n;

  sl_reader_require (s, field);
  n = sl_reader_array_length (s, field);
  if ((n == 0 || n > 8) && sl_reader_ok (s))
    sl_reader_fail (s, field, _("Expected 1 to 8 distance bands."));
  n = MIN (n, 8);
  for (guint i = 0; i < n && sl_reader_ok (s); i++)
    {
      g_autoptr(SlReader) b = sl_reader_array_object (s, field, i);

      bands[i].max_m = req_number (b, "max_m", 0, 1000);
      bands[i].penetration = req_int (b, "penetration", 0, 50);
      if (i > 0 && sl_reader_ok (b) && bands[i].max_m <= bands[i - 1].max_m)
        sl_reader_fail (b, "max_m", _("Distance bands must grow."));
      sl_reader_end (b);
    }
  *n_bands = n;
}

static void
load_launcher (SlRules  *rules,
               SlReader *s)
{
  g_autoptr(SlReader) hand = NULL;

  rules->launcher.cost = req_int (s, "cost", 0, 1000);
  rules->launcher.grenades = req_int (s, "grenades", 0, 100);
  rules->launcher.per_fire_action = req_int (s, "per_fire_action", 1, 100);
  rules->launcher.minimum_range_m = req_number (s, "minimum_range_m", 0, 1000);
  rules->launcher.indirect_minimum_range_m = req_number (s, "indirect_minimum_range_m", 0, 1000);
  req_number (s, "scatter_m", 0, 100);
  sl_reader_require (s, "replaces_hand_grenades");
  sl_reader_bool (s, "replaces_hand_grenades", TRUE);
  sl_reader_require (s, "hand");
  hand = sl_reader_object (s, "hand");
  if (hand)
    {
      need_string (hand, "carried");
      rules->launcher.hand_minimum_range_m = req_number (hand, "minimum_range_m", 0, 1000);
      rules->launcher.hand_maximum_range_m = req_number (hand, "maximum_range_m", 0, 1000);
      req_int (hand, "per_fire_action", 1, 10);
      sl_reader_end (hand);
    }
}

static void
load_charge_shot (SlRules  *rules,
                  SlReader *s)
{
  static const char * const results[] = { "none", "destroyed", "explosion" };
  g_autoptr(SlReader) e = NULL;

  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e == NULL)
    return;
  for (int row = 0; row < SL_N_CHARGE_ROWS && sl_reader_ok (s); row++)
    {
      g_autoptr(SlReader) r = NULL;
      int covered[11] = { 0 };

      if (!sl_reader_require (e, sl_charge_row_names[row]))
        break;
      r = sl_reader_object (e, sl_charge_row_names[row]);
      if (r == NULL)
        break;
      need_string (r, "name");
      for (int res = 0; res < 3; res++)
        {
          sl_reader_require (r, results[res]);
          if (sl_reader_is_null (r, results[res]))
            continue;
          if (sl_reader_array_length (r, results[res]) != 2 && sl_reader_ok (r))
            {
              sl_reader_fail (r, results[res], _("Expected a range of two die faces."));
              break;
            }
          rules->charge_shot[row][res][0] = sl_reader_array_int (r, results[res], 0, 1, 10, 1);
          rules->charge_shot[row][res][1] = sl_reader_array_int (r, results[res], 1, 1, 10, 1);
          for (int f = rules->charge_shot[row][res][0]; f <= rules->charge_shot[row][res][1]; f++)
            covered[f]++;
        }
      for (int f = 1; f <= 10 && sl_reader_ok (r); f++)
        if (covered[f] != 1)
          sl_reader_fail (r, NULL, _("The die face %d must appear in exactly one column."), f);
      sl_reader_end (r);
    }
  sl_reader_end (e);
}

static void
load_multiple_printed (SlRules  *rules,
                       SlReader *s)
{
  static const char * const keys[] = { "radius", "2", "3", "4" };

  sl_reader_require (s, "printed");
  if (sl_reader_array_length (s, "printed") != 7 && sl_reader_ok (s))
    sl_reader_fail (s, "printed", _("Expected the seven printed rows."));
  for (int i = 0; i < 7 && sl_reader_ok (s); i++)
    {
      g_autoptr(SlReader) row = sl_reader_array_object (s, "printed", i);

      for (int k = 0; k < 4; k++)
        rules->multiple_charges_printed[i][k] = req_string (row, keys[k]);
      sl_reader_end (row);
    }
}

static void
read_columns (SlReader   *s,
              const char *field,
              int         table[3][7])
{
  g_autoptr(SlReader) r = NULL;

  sl_reader_require (s, field);
  r = sl_reader_object (s, field);
  if (r == NULL)
    return;
  for (int c = 2; c <= 4; c++)
    {
      char key[4];

      g_snprintf (key, sizeof key, "%d", c);
      sl_reader_require (r, key);
      if (sl_reader_array_length (r, key) != 7 && sl_reader_ok (r))
        sl_reader_fail (r, key, _("Expected one value per band (7)."));
      for (int b = 0; b < 7; b++)
        table[c - 2][b] = sl_reader_array_int (r, key, b, 0, 50, 0);
    }
  sl_reader_end (r);
}

static void
load_multiple_reading (SlRules  *rules,
                       SlReader *s)
{
  sl_reader_require (s, "bands_max_m");
  if (sl_reader_array_length (s, "bands_max_m") != 7 && sl_reader_ok (s))
    sl_reader_fail (s, "bands_max_m", _("Expected seven radius bands."));
  for (int b = 0; b < 7; b++)
    {
      rules->multi_band_max_m[b] = sl_reader_array_number (s, "bands_max_m", b, 0, 1000, 0);
      if (b > 0 && sl_reader_ok (s) && rules->multi_band_max_m[b] <= rules->multi_band_max_m[b - 1])
        sl_reader_fail (s, "bands_max_m", _("Distance bands must grow."));
    }
  read_columns (s, "split", rules->multi_split);
  read_columns (s, "progressive", rules->multi_progressive);
  rules->mortar_column = req_int (s, "mortar_column", 2, 4);
  rules->missile_column = req_int (s, "missile_column", 2, 4);
}

/* T-34 … T-36, P-21, P-39: the environments. */
static const Field night_fields[] = {
  RULE_INT ("to_hit_power_suit", environment.night_to_hit_power, MOD_MIN, MOD_MAX),
  RULE_INT ("to_hit_no_power_suit", environment.night_to_hit_no_power, MOD_MIN, MOD_MAX),
  RULE_INT ("detection_power_suit", environment.night_detection_power, MOD_MIN, MOD_MAX),
  RULE_INT ("detection_no_power_suit", environment.night_detection_no_power, MOD_MIN, MOD_MAX),
  CHECKED_FLAG ("indoors", FALSE),
};
static const Field rain_fields[] = {
  RULE_NUMBER ("beyond_m", environment.rain_beyond_m, 0, 1000),
  RULE_INT ("to_hit", environment.rain_to_hit, MOD_MIN, MOD_MAX),
  RULE_INT ("detection", environment.rain_detection, MOD_MIN, MOD_MAX),
  CHECKED_FLAG ("indoors", FALSE),
};
static const Field vacuum_fields[] = {
  CHECKED_FLAG ("requires_sealed_suit", TRUE),
};
static const Field hostile_fields[] = {
  CHECKED_FLAG ("requires_sealed_suit", TRUE),
  CHECKED_FLAG ("neutral_in_intact_buildings", TRUE),
};
static const Field zero_g_fields[] = {
  RULE_INT ("melee", environment.zero_g_melee, MOD_MIN, MOD_MAX),
  RULE_INT ("weapon_penalty", environment.zero_g_weapon_penalty, MOD_MIN, MOD_MAX),
  RULE_NUMBER ("jump_multiplier", environment.zero_g_jump_multiplier, 1, 10),
  CHECKED_FLAG ("sprint", FALSE),
  CHECKED_FLAG ("slug_weapons", FALSE),
  CHECKED_FLAG ("bounce", FALSE),
};
static const Field suit_breach_fields[] = {
  RULE_INT ("delay_subphases", environment.suit_breach_delay, 1, 400),
};

static void
load_environment (SlRules  *rules,
                  SlReader *s)
{
  g_autoptr(SlReader) snow = NULL;

  read_field_object (s, "night", rules, night_fields, G_N_ELEMENTS (night_fields));
  read_field_object (s, "rain", rules, rain_fields, G_N_ELEMENTS (rain_fields));
  sl_reader_require (s, "snow");
  snow = sl_reader_object (s, "snow");
  if (snow)
    {
      read_pair_list (snow, "bands", rules->environment.snow_beyond_m, rules->environment.snow, 2);
      sl_reader_bool (snow, "indoors", FALSE);
      sl_reader_end (snow);
    }
  read_field_object (s, "vacuum", rules, vacuum_fields, G_N_ELEMENTS (vacuum_fields));
  read_field_object (s, "hostile", rules, hostile_fields, G_N_ELEMENTS (hostile_fields));
  read_field_object (s, "zero_g", rules, zero_g_fields, G_N_ELEMENTS (zero_g_fields));
  read_field_object (s, "suit_breach", rules, suit_breach_fields, G_N_ELEMENTS (suit_breach_fields));
}

static void
load_scenario_costs (SlRules  *rules,
                     SlReader *s)
{
  g_autoptr(SlReader) e = NULL;
  g_autoptr(GList) members = NULL;

  rules->scenario_costs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sl_reader_require (s, "entries");
  e = sl_reader_object (s, "entries");
  if (e != NULL)
    {
      members = sl_reader_members (e);
      for (GList *l = members; l; l = l->next)
        {
          int cost = sl_reader_int (e, l->data, -1000, 1000, 0);
          g_hash_table_insert (rules->scenario_costs, g_strdup (l->data),
                               GINT_TO_POINTER (cost + 1001));
        }
      for (int i = 0; required_costs[i] && sl_reader_ok (s); i++)
        if (!g_hash_table_contains (rules->scenario_costs, required_costs[i]))
          sl_reader_fail (e, NULL, _("The cost of “%s” is missing."), required_costs[i]);
      sl_reader_end (e);
    }
  rules->hidden_unit_surcharge = req_number (s, "hidden_unit_surcharge", 0, 10);
}

static void
load_victory_levels (SlRules  *rules,
                     SlReader *s)
{
  static const char * const ids[] = { "decisive", "substantial", "marginal", "draw" };

  sl_reader_require (s, "levels");
  if (sl_reader_array_length (s, "levels") != 4 && sl_reader_ok (s))
    sl_reader_fail (s, "levels", _("Expected the four levels decisive, substantial, marginal and draw."));
  for (int i = 0; i < 4 && sl_reader_ok (s); i++)
    {
      g_autoptr(SlReader) l = sl_reader_array_object (s, "levels", i);
      SlVictoryLevel *v = &rules->victory_levels[i];

      v->id = req_string (l, "id");
      if (sl_reader_ok (l) && !g_str_equal (v->id, ids[i]))
        sl_reader_fail (l, "id", _("Expected the level “%s” here."), ids[i]);
      v->min_ratio = req_number (l, "min_ratio", 0, 1000);
      v->high = req_text (l, "high");
      v->low = req_text (l, "low");
      if (i > 0 && sl_reader_ok (l) && v->min_ratio >= rules->victory_levels[i - 1].min_ratio)
        sl_reader_fail (l, "min_ratio", _("Ratios must fall from decisive to draw."));
      if (i == 3 && sl_reader_ok (l) && v->min_ratio != 0)
        sl_reader_fail (l, "min_ratio", _("A draw covers every ratio below marginal (0)."));
      sl_reader_end (l);
    }
}

static void
load_legionnaire (SlRules  *rules,
                  SlReader *s)
{
  guint n;

  sl_reader_require (s, "bands");
  n = sl_reader_array_length (s, "bands");
  if ((n == 0 || n > 8) && sl_reader_ok (s))
    sl_reader_fail (s, "bands", _("Expected 1 to 8 skill bands."));
  n = MIN (n, 8);
  for (guint i = 0; i < n && sl_reader_ok (s); i++)
    {
      g_autoptr(SlReader) b = sl_reader_array_object (s, "bands", i);
      SlSkillBand *band = &rules->skill_bands[i];

      band->min = req_int (b, "min", 0, 100);
      band->max = req_int (b, "max", 0, 100);
      band->modifier = req_int (b, "modifier", MOD_MIN, MOD_MAX);
      band->has_non_combat = sl_reader_has (b, "non_combat_modifier");
      band->non_combat_modifier = sl_reader_int (b, "non_combat_modifier", MOD_MIN, MOD_MAX, 0);
      if (i > 0 && sl_reader_ok (b) && band->min != rules->skill_bands[i - 1].max + 1)
        sl_reader_fail (b, "min", _("Skill bands must follow each other without gaps."));
      sl_reader_end (b);
    }
  rules->n_skill_bands = n;
  rules->skill_levels_per_modifier = req_int (s, "levels_per_modifier", 1, 100);
  rules->no_melee_weapon = req_int (s, "no_melee_weapon", MOD_MIN, MOD_MAX);
  rules->partial_armor = req_string (s, "partial_armor");
  if (sl_reader_ok (s) && sl_table_lookup (&rules->armor, rules->partial_armor) == NULL)
    sl_reader_fail (s, "partial_armor", _("There is no suit “%s” in T-13."), rules->partial_armor);
}

/* §18 Centurion: the troop types that count as normal infantry. */
static void
load_centurion (SlRules  *rules,
                SlReader *s)
{
  sl_reader_require (s, "centurion_infantry");
  rules->centurion_infantry = read_string_list (s, "centurion_infantry");
  for (guint i = 0; rules->centurion_infantry[i] && sl_reader_ok (s); i++)
    if (sl_table_lookup (&rules->troops, rules->centurion_infantry[i]) == NULL)
      sl_reader_fail (s, "centurion_infantry", _("There is no troop type “%s” in T-11."),
                      rules->centurion_infantry[i]);
}

/* Cross-references between tables. */
static void
check_references (SlRules  *rules,
                  SlReader *root)
{
  for (guint i = 0; i < rules->troops.items->len && sl_reader_ok (root); i++)
    {
      const SlTroop *t = g_ptr_array_index (rules->troops.items, i);
      g_autofree char *field = g_strdup_printf ("troops.entries.%s", t->id);

      if (sl_table_lookup (&rules->armor, t->suit) == NULL)
        sl_read_context_fail (sl_reader_context (root), field,
                              _("The suit “%s” is not in the Armor Table (T-13)."), t->suit);
      else if (t->naval_suit && sl_table_lookup (&rules->armor, t->naval_suit) == NULL)
        sl_read_context_fail (sl_reader_context (root), field,
                              _("The suit “%s” is not in the Armor Table (T-13)."), t->naval_suit);
      else if (t->required_weapon && sl_table_lookup (&rules->weapons, t->required_weapon) == NULL)
        sl_read_context_fail (sl_reader_context (root), field,
                              _("The weapon “%s” is not in the Weapon Table (T-12)."),
                              t->required_weapon);
    }

  for (guint i = 0; i < rules->actions.items->len && sl_reader_ok (root); i++)
    {
      const SlAction *a = g_ptr_array_index (rules->actions.items, i);
      g_autofree char *field = g_strdup_printf ("actions.entries.%s", a->id);

      if (a->option && sl_option_set_lookup (rules->options, a->option) == NULL)
        sl_read_context_fail (sl_reader_context (root), field,
                              _("The option “%s” is not defined."), a->option);
    }

  for (guint i = 0; i < rules->scenarios.items->len && sl_reader_ok (root); i++)
    {
      const SlScenarioSummary *s = g_ptr_array_index (rules->scenarios.items, i);
      g_autofree char *field = g_strdup_printf ("scenarios.entries.%s", s->id);

      if (!g_str_equal (s->table, "T-41") && !g_str_equal (s->table, "T-42") &&
          !g_str_equal (s->table, "T-43"))
        sl_read_context_fail (sl_reader_context (root), field,
                              _("A premade scenario is one of the tables T-41, T-42 and T-43."));
    }
  if (sl_reader_ok (root))
    {
      gboolean seen[3] = { FALSE, FALSE, FALSE };

      for (guint i = 0; i < rules->scenarios.items->len; i++)
        {
          const SlScenarioSummary *s = g_ptr_array_index (rules->scenarios.items, i);
          seen[s->table[3] - '1'] = TRUE;
        }
      for (int t = 0; t < 3 && sl_reader_ok (root); t++)
        if (!seen[t])
          sl_read_context_fail (sl_reader_context (root), "scenarios",
                                _("Table T-4%d is missing."), t + 1);
    }
}

static void
rules_free (SlRules *rules)
{
  table_clear (&rules->checks);
  table_clear (&rules->map_features);
  table_clear (&rules->counters);
  table_clear (&rules->unit_colours);
  table_clear (&rules->log_fields);
  table_clear (&rules->actions);
  table_clear (&rules->races);
  table_clear (&rules->terrain);
  table_clear (&rules->troops);
  table_clear (&rules->weapons);
  table_clear (&rules->armor);
  table_clear (&rules->obstacles);
  table_clear (&rules->detection_modifiers);
  table_clear (&rules->fire_modes);
  table_clear (&rules->fire_missions);
  table_clear (&rules->equipment);
  table_clear (&rules->scenarios);
  g_strfreev (rules->sprint_allows);
  g_strfreev (rules->los_blocked_by);
  g_strfreev (rules->los_penalised_by);
  for (int i = 0; i < SL_N_WOUNDS; i++)
    {
      g_free (rules->wounds[i].id);
      g_free (rules->wounds[i].box);
      g_free (rules->wounds[i].name);
    }
  g_free (rules->third_fire_must_be);
  for (int q = 0; q < SL_N_QUALITIES; q++)
    {
      g_free (rules->quality[q].id);
      g_free (rules->quality[q].name);
    }
  for (int i = 0; i < 3; i++)
    {
      g_free (rules->grenade_ranges[i].id);
      g_free (rules->grenade_ranges[i].name);
    }
  for (int i = 0; i < 7; i++)
    for (int k = 0; k < 4; k++)
      g_free (rules->multiple_charges_printed[i][k]);
  for (int i = 0; i < 4; i++)
    {
      g_free (rules->victory_levels[i].id);
      g_free (rules->victory_levels[i].high);
      g_free (rules->victory_levels[i].low);
    }
  g_clear_pointer (&rules->scenario_costs, g_hash_table_unref);
  g_free (rules->partial_armor);
  g_strfreev (rules->centurion_infantry);
  sl_option_set_free (rules->options);
  g_free (rules->path);
  g_free (rules->id);
  g_free (rules->title);
  g_free (rules->edition);
  g_free (rules);
}

typedef struct
{
  SlRules rules;
  gint    ref_count;
} SlRulesBox;

SlRules *
sl_rules_ref (SlRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  g_atomic_int_inc (&((SlRulesBox *) rules)->ref_count);
  return rules;
}

void
sl_rules_unref (SlRules *rules)
{
  g_return_if_fail (rules != NULL);
  if (g_atomic_int_dec_and_test (&((SlRulesBox *) rules)->ref_count))
    rules_free (rules);
}

/* The sections of a rules file, each a table of the rulebook (T-nn):
 * most are entries by id, some with ids the engine needs and a few
 * numbers of their own; the rest have a loader of their own. */

static void
load_counters (SlRules *rules, SlReader *s)
{
  int counted = 0;

  rules->counters_stated_total = req_int (s, "stated_total", 0, 10000);
  load_entries (s, "entries", &rules->counters, parse_counter, &counted);
}

static void
load_suit_categories (SlRules *rules, SlReader *s)
{
  SlTable marks;

  table_init (&marks, _("suit"), "T-13a", info_free);
  load_entries (s, "entries", &marks, parse_suit_category, rules);
  for (guint i = 0; i < rules->armor.items->len && sl_reader_ok (s); i++)
    {
      const SlArmor *a = g_ptr_array_index (rules->armor.items, i);
      if (!g_hash_table_contains (marks.by_id, a->id))
        sl_reader_fail (s, "entries", _("The suit “%s” has no categories."), a->id);
    }
  table_clear (&marks);
}

static void
load_troops (SlRules *rules, SlReader *s)
{
  load_entries (s, "entries", &rules->troops, parse_troop, NULL);
  load_centurion (rules, s);
}

static void
load_obstacle_numbers (SlRules *rules, SlReader *s)
{
  rules->obstacle_destroyed_at = req_int (s, "destroyed_at", 1, 100);
  rules->follow_through_min_margin = req_int (s, "follow_through_min_margin", 0, 100);
  rules->follow_through_penetration_loss = req_int (s, "follow_through_penetration_loss", 0, 100);
  rules->follow_through_reach_m = req_number (s, "follow_through_reach_m", 0, 100);
}

static void
load_detection_numbers (SlRules *rules, SlReader *s)
{
  rules->detection_automatic_within_m = req_number (s, "automatic_within_m", 0, 100);
}

static void
load_frag_penetration (SlRules *rules, SlReader *s)
{
  load_bands (s, "bands", rules->frag_bands, &rules->n_frag_bands);
  rules->frag_half_cover_reduction = req_int (s, "half_cover_reduction", 0, 50);
  rules->sacrifice_dive_bonus = req_int (s, "sacrifice_dive_bonus", 0, 50);
}

static void
load_plastic_penetration (SlRules *rules, SlReader *s)
{
  load_bands (s, "bands", rules->plastic_bands, &rules->n_plastic_bands);
}

static void
load_fire_mission_numbers (SlRules *rules, SlReader *s)
{
  if (sl_reader_ok (s) && rules->fire_missions.items->len > SL_MAX_FIRE_MISSION_TYPES)
    sl_reader_fail (s, "entries", _("At most %d kinds of fire mission."), SL_MAX_FIRE_MISSION_TYPES);
  rules->fire_missions_per_side = req_int (s, "max_per_side", 0, 100);
  need_string (s, "call_action");
}

static void
load_equipment_numbers (SlRules *rules, SlReader *s)
{
  rules->charges_per_carrier = req_int (s, "charges_per_carrier", 0, 100);
  if (req_int (s, "fire_missions_per_side", 0, 100) != rules->fire_missions_per_side &&
      sl_reader_ok (s))
    sl_reader_fail (s, "fire_missions_per_side",
                    _("T-35 and T-37 disagree on the number of fire missions per side."));
}

static void
load_victory_points (SlRules *rules, SlReader *s)
{
  rules->vp_primary = req_int (s, "primary", 0, 10000);
  rules->vp_secondary = req_int (s, "secondary", 0, 10000);
  rules->vp_per_unspent_point = req_int (s, "per_unspent_point", 0, 100);
}

static void
load_scenarios (SlRules *rules, SlReader *s)
{
  g_auto(GStrv) tables = NULL;

  sl_reader_require (s, "tables");
  tables = read_string_list (s, "tables");
  load_entries (s, "entries", &rules->scenarios, parse_scenario, NULL);
}

static void
load_dive_distances (SlRules *rules, SlReader *s)
{
  read_move_map (s, "entries", rules->dive_distance, 0, 50, 0);
}

typedef void (*SectionLoader) (SlRules *rules, SlReader *section);

typedef struct
{
  const char         *field;     /* the member of the rules file */
  const char         *table;     /* the rulebook table it is */
  gsize               entries;   /* offset of its SlTable in SlRules, or 0 */
  EntryParser         parse;     /* each entry, with the rules as data when
                                  * pass_rules */
  gboolean            pass_rules;
  const char * const *required;  /* ids the engine needs, or NULL */
  SectionLoader       load;      /* the rest, or all of it, or NULL */
} Section;

#define ENTRIES(member) G_STRUCT_OFFSET (SlRules, member)

static const Section sections[] = {
  { "checks", "T-01", ENTRIES (checks), parse_check, FALSE, required_checks, NULL },
  { "map_features", "T-02", ENTRIES (map_features), parse_map_feature, FALSE, NULL, NULL },
  { "counters", "T-03", 0, NULL, FALSE, NULL, load_counters },
  { "unit_colours", "T-03a", ENTRIES (unit_colours), parse_colour, FALSE, NULL, NULL },
  { "unit_log_fields", "T-04", ENTRIES (log_fields), parse_log_field, FALSE, NULL, NULL },
  { "actions", "T-05", ENTRIES (actions), parse_action, FALSE, required_actions, NULL },
  { "combinations", "T-06", 0, NULL, FALSE, NULL, load_combinations },
  { "dive_distances", "T-07", 0, NULL, FALSE, NULL, load_dive_distances },
  { "races", "T-08", ENTRIES (races), parse_race, FALSE, NULL, NULL },
  { "movement_rates", "T-09", 0, NULL, FALSE, NULL, load_movement_rates },
  { "terrain", "T-10", ENTRIES (terrain), parse_terrain, FALSE, required_terrain, NULL },
  { "troops", "T-11", 0, NULL, FALSE, NULL, load_troops },
  { "weapons", "T-12", ENTRIES (weapons), parse_weapon, FALSE, NULL, NULL },
  { "armor", "T-13", ENTRIES (armor), parse_armor, FALSE, NULL, NULL },
  { "suit_categories", "T-13a", 0, NULL, FALSE, NULL, load_suit_categories },
  { "to_hit_modifiers", "T-14", 0, NULL, FALSE, NULL, load_to_hit },
  { "line_of_sight", "T-15", 0, NULL, FALSE, NULL, load_los },
  { "wounds", "T-16", 0, NULL, FALSE, NULL, load_wounds },
  { "victory_fractions", "T-17", 0, NULL, FALSE, NULL, load_victory_fractions },
  { "obstacles", "T-18", ENTRIES (obstacles), parse_obstacle, FALSE, required_obstacles, load_obstacle_numbers },
  { "detection_modifiers", "T-19", ENTRIES (detection_modifiers), parse_detection, FALSE, required_detection,
    load_detection_numbers },
  { "magazines", "T-20", 0, NULL, FALSE, NULL, load_magazines },
  { "burst_hits", "T-21", 0, NULL, FALSE, NULL, load_burst_hits },
  { "fire_modes", "T-22", ENTRIES (fire_modes), parse_fire_mode, FALSE, required_fire_modes, NULL },
  { "fire_budget", "T-23", 0, NULL, FALSE, NULL, load_fire_budget },
  { "leader_costs", "T-24", 0, NULL, FALSE, NULL, load_leader_costs },
  { "troop_quality", "T-25", 0, NULL, FALSE, NULL, load_quality },
  { "rout_modifiers", "T-26", 0, NULL, FALSE, NULL, load_rout },
  { "grenade_ranges", "T-27", 0, NULL, FALSE, NULL, load_grenade_ranges },
  { "scatter_directions", "T-28", 0, NULL, FALSE, NULL, load_scatter_directions },
  { "scatter_distances", "T-29", 0, NULL, FALSE, NULL, load_scatter_distances },
  { "frag_penetration", "T-30", 0, NULL, FALSE, NULL, load_frag_penetration },
  { "grenade_launcher", "T-31", 0, NULL, FALSE, NULL, load_launcher },
  { "charge_shot", "T-32", 0, NULL, FALSE, NULL, load_charge_shot },
  { "plastic_penetration", "T-33", 0, NULL, FALSE, NULL, load_plastic_penetration },
  { "multiple_charges", "T-34", 0, NULL, FALSE, NULL, load_multiple_printed },
  { "multiple_charges_reading", "T-34a", 0, NULL, FALSE, NULL, load_multiple_reading },
  { "fire_missions", "T-35", ENTRIES (fire_missions), parse_fire_mission, TRUE, required_fire_missions,
    load_fire_mission_numbers },
  { "environment", "T-36", 0, NULL, FALSE, NULL, load_environment },
  { "equipment", "T-37", ENTRIES (equipment), parse_equipment, FALSE, required_equipment, load_equipment_numbers },
  { "scenario_costs", "T-38", 0, NULL, FALSE, NULL, load_scenario_costs },
  { "victory_points", "T-39", 0, NULL, FALSE, NULL, load_victory_points },
  { "victory_levels", "T-40", 0, NULL, FALSE, NULL, load_victory_levels },
  { "scenarios", "T-41", 0, NULL, FALSE, NULL, load_scenarios },
  { "legionnaire_skills", "T-44", 0, NULL, FALSE, NULL, load_legionnaire },
};

#undef ENTRIES

static void
load_section (SlRules       *rules,
              SlReader      *root,
              const Section *section)
{
  SlReader *s = open_section (root, section->field, section->table);

  if (s == NULL)
    return;
  if (section->parse != NULL)
    {
      SlTable *table = G_STRUCT_MEMBER_P (rules, section->entries);

      load_entries (s, "entries", table, section->parse, section->pass_rules ? rules : NULL);
      if (section->required != NULL)
        require_ids (s, "entries", table, section->required);
    }
  if (section->load != NULL)
    section->load (rules, s);
  close_section (s);
}

static void
load_all (SlRules  *rules,
          SlReader *root)
{
  static const char * const formats[] = { "squadlog-rules", NULL };

  sl_reader_require (root, "format");
  sl_reader_enum (root, "format", formats, N_("file format"), 0);
  sl_reader_require (root, "version");
  if (sl_reader_ok (root) && sl_reader_int (root, "version", 1, 1000, 1) > 1)
    sl_reader_fail (root, "version",
                    _("This rules file needs a newer version of Squad Log (format version %d)."),
                    sl_reader_int (root, "version", 1, 1000, 1));
  rules->id = req_string (root, "id");
  rules->title = req_text (root, "title");
  rules->edition = g_strdup (sl_reader_string (root, "edition", ""));
  sl_reader_string (root, "reference", NULL);

  /* Options first: tables refer to them. */
  rules->options = sl_option_set_load (root, "options");

  for (gsize i = 0; i < G_N_ELEMENTS (sections) && sl_reader_ok (root); i++)
    load_section (rules, root, &sections[i]);

  if (sl_reader_ok (root) && rules->races.items->len > 0 && sl_rules_race (rules, "human") == NULL)
    sl_reader_fail (root, "races", _("The race “human” is missing; it is the default race."));
  if (sl_reader_ok (root))
    check_references (rules, root);
  sl_reader_end (root);
}

SlRules *
sl_rules_load_data (const char  *data,
                    gssize       length,
                    const char  *name,
                    GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(SlReadContext) ctx = NULL;
  g_autoptr(SlReader) root = NULL;
  SlRulesBox *box;
  SlRules *rules;

  g_return_val_if_fail (data != NULL, NULL);

  node = sl_json_parse (data, length, &local_error);
  if (node == NULL)
    {
      g_set_error (error, SL_RULES_ERROR, SL_RULES_ERROR_SYNTAX,
                   _("%s: this is not valid JSON: %s"), name, local_error->message);
      return NULL;
    }

  box = g_new0 (SlRulesBox, 1);
  box->ref_count = 1;
  rules = &box->rules;
  rules->path = g_strdup (name);
  rules->content_hash = sl_hash_bytes (data, length < 0 ? strlen (data) : (gsize) length);
  table_init (&rules->checks, _("check"), "T-01", check_free);
  table_init (&rules->map_features, _("map feature"), "T-02", info_free);
  table_init (&rules->counters, _("counter"), "T-03", info_free);
  table_init (&rules->unit_colours, _("unit colour"), "T-03a", info_free);
  table_init (&rules->log_fields, _("log field"), "T-04", info_free);
  table_init (&rules->actions, _("action"), "T-05", action_free);
  table_init (&rules->races, _("race"), "T-08", race_free);
  table_init (&rules->terrain, _("terrain"), "T-10", terrain_free);
  table_init (&rules->troops, _("troop type"), "T-11", troop_free);
  table_init (&rules->weapons, _("weapon"), "T-12", weapon_free);
  table_init (&rules->armor, _("suit"), "T-13", armor_free);
  table_init (&rules->obstacles, _("obstacle"), "T-18", obstacle_free);
  table_init (&rules->detection_modifiers, _("detection modifier"), "T-19", detection_free);
  table_init (&rules->fire_modes, _("fire mode"), "T-22", fire_mode_free);
  table_init (&rules->fire_missions, _("fire mission"), "T-35", fire_mission_free);
  table_init (&rules->equipment, _("equipment"), "T-37", equipment_free);
  table_init (&rules->scenarios, _("scenario"), "T-41", scenario_free);

  ctx = sl_read_context_new ();
  root = sl_reader_new (ctx, node, "");
  load_all (rules, root);

  if (sl_read_context_failed (ctx))
    {
      const char *field = sl_read_context_field (ctx);

      if (field && *field)
        g_set_error (error, SL_RULES_ERROR, SL_RULES_ERROR_INVALID, "%s: %s: %s",
                     name, field, sl_read_context_message (ctx));
      else
        g_set_error (error, SL_RULES_ERROR, SL_RULES_ERROR_INVALID, "%s: %s",
                     name, sl_read_context_message (ctx));
      sl_rules_unref (rules);
      return NULL;
    }

  return rules;
}

SlRules *
sl_rules_load_file (const char  *path,
                    GError     **error)
{
  g_autoptr(GBytes) contents = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *data;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  display = g_filename_display_name (path);
  /* A regular file of 16 MiB at most (sl-file.h). */
  contents = sl_file_read (path, SL_FILE_LIMIT_RULES, SL_FILE_READ_DEFAULT, &local_error);
  if (contents == NULL)
    {
      g_set_error (error, SL_RULES_ERROR, SL_RULES_ERROR_NOT_FOUND,
                   _("Cannot read the rules file: %s"), local_error->message);
      return NULL;
    }
  data = g_bytes_get_data (contents, &length);
  return sl_rules_load_data (data, length, display, error);
}

/* The folder of the data that comes with Squad Log: the installed one,
 * unless $SQUADLOG_PKGDATADIR names another (the source tree's data/, set
 * by `meson devenv` to run from the build tree). The program holds no path
 * of the tree it was built in (issue 20: reproducible builds). */
const char *
sl_data_pkgdatadir (void)
{
  const char *dir = g_getenv ("SQUADLOG_PKGDATADIR");

  return dir != NULL && *dir != '\0' ? dir : SL_PKGDATADIR;
}

char *
sl_data_find (const char *subdir,
              const char *name)
{
  const char *data_dir = g_getenv ("SQUADLOG_DATA_DIR");
  g_autofree char *user = NULL;

  if (data_dir != NULL && *data_dir != '\0')
    return g_build_filename (data_dir, subdir, name, NULL);

  /* The user's own copy: house rules, custom scenarios. */
  user = g_build_filename (g_get_user_data_dir (), "squadlog", subdir, name, NULL);
  if (g_file_test (user, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&user);

  return g_build_filename (sl_data_pkgdatadir (), subdir, name, NULL);
}

GPtrArray *
sl_data_dirs (const char *subdir)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *data_dir = g_getenv ("SQUADLOG_DATA_DIR");

  if (data_dir != NULL && *data_dir != '\0')
    {
      g_ptr_array_add (dirs, g_build_filename (data_dir, subdir, NULL));
      return dirs;
    }
  g_ptr_array_add (dirs, g_build_filename (g_get_user_data_dir (), "squadlog", subdir, NULL));
  g_ptr_array_add (dirs, g_build_filename (sl_data_pkgdatadir (), subdir, NULL));
  return dirs;
}

char *
sl_rules_find_default (void)
{
  const char *env = g_getenv ("SQUADLOG_RULES");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return sl_data_find ("rules", "streets-of-blood.json");
}

SlRules *
sl_rules_load_default (GError **error)
{
  g_autofree char *path = sl_rules_find_default ();

  return sl_rules_load_file (path, error);
}

/* Lookups */

const SlRace *
sl_rules_race (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->races, id);
}

const SlTroop *
sl_rules_troop (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->troops, id);
}

const SlWeapon *
sl_rules_weapon (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->weapons, id);
}

const SlArmor *
sl_rules_armor (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->armor, id);
}

const SlAction *
sl_rules_action (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->actions, id);
}

const SlTerrain *
sl_rules_terrain (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->terrain, id);
}

const SlObstacle *
sl_rules_obstacle (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->obstacles, id);
}

const SlCheckDef *
sl_rules_check (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->checks, id);
}

const SlFireMode *
sl_rules_fire_mode (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->fire_modes, id);
}

const SlDetectionModifier *
sl_rules_detection_modifier (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->detection_modifiers, id);
}

const SlEquipment *
sl_rules_equipment (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->equipment, id);
}

const SlFireMissionDef *
sl_rules_fire_mission (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->fire_missions, id);
}

const SlScenarioSummary *
sl_rules_scenario (const SlRules *rules, const char *id)
{
  return sl_table_lookup (&rules->scenarios, id);
}

gboolean
sl_rules_scenario_cost (const SlRules *rules,
                        const char    *item,
                        int           *cost)
{
  gpointer value = g_hash_table_lookup (rules->scenario_costs, item);

  if (value == NULL)
    return FALSE;
  *cost = GPOINTER_TO_INT (value) - 1001;
  return TRUE;
}

const SlWeaponProfile *
sl_weapon_get_profile (const SlWeapon *weapon,
                       const char     *omni_mode)
{
  if (weapon->has_modes && omni_mode != NULL)
    return g_str_equal (omni_mode, "slug") ? &weapon->slug_mode : &weapon->spike_mode;
  return &weapon->profile;
}

int
sl_rules_obstacle_af (const SlRules    *rules,
                      const SlOptions  *options,
                      const SlObstacle *obstacle)
{
  if (obstacle->af >= 0)
    return obstacle->af;
  /* A-142: the sliding door has no printed AF. */
  return options->sliding_door_af;
}
