/* sl-print.c: the printed squad log (T-04) — one page per squad
 *
 *   ┌ subphase track: 40 boxes, four turns, around the page ┐
 *   │  header: game, side, squad, leader and rating,        │
 *   │          quality, turn                                │
 *   │  eight unit logs, two lines each                      │
 *   │  the action log: the Action Table's boxes             │
 *   └ START in the lower left ──────────────────────────────┘
 *
 * Vector drawing with cairo and pango, black on white; every text is fitted
 * into its box (ellipsized when it is too long).
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "sl-file.h"
#include "sl-print-private.h"
#include "sl-print.h"
#include "sl-table-model.h"
#include "sl-text.h"
#include "sl-unit-log.h"

#define MARGIN 24.0
#define RING 30.0        /* the subphase track's band */
#define GAP 8.0
#define UNITS_PER_LOG 8  /* §1.1, A-07 */

void
sl_print_paper_size (SlPaper  paper,
                     double  *width,
                     double  *height)
{
  if (paper == SL_PAPER_LETTER)
    {
      *width = 612;
      *height = 792;
    }
  else
    {
      *width = 595.276;
      *height = 841.89;
    }
}

typedef struct
{
  cairo_t       *cr;
  SlGame        *game;
  const SlRules *rules;
  const SlSetup *setup;
  const SlState *state;
  int            squad;
  gboolean       blank;
  int            units[SL_MAX_UNITS];
  int            n_units;
} Page;

/* §15.1: whether the table knows what @unit does (a hidden unit's
 * position, action and status are its owner's secret): the table
 * model's answer for the shared table, which the printed log is. */
static gboolean
known (Page *p,
       int   unit)
{
  return sl_table_model_unit_known (sl_table_model_get_for_game (p->game), unit, SL_VIEWER_TABLE);
}

/* Text in a box: one line, ellipsized, or wrapped over @lines lines. */
static void
text (Page       *p,
      const char *words,
      double      x,
      double      y,
      double      width,
      double      height,
      double      size,
      gboolean    bold,
      PangoAlignment align,
      int         lines)
{
  PangoLayout *layout = pango_cairo_create_layout (p->cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  /* A name's line breaks, controls and bidi overrides do not break the
   * log's boxes (issue 19 #12): the text as one line, wrapped only where
   * the box wraps it. */
  g_autofree char *line = sl_text_one_line (words);
  int w, h;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, line, -1);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_alignment (layout, align);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  if (lines > 1)
    {
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, -lines);
    }
  pango_layout_get_size (layout, &w, &h);
  cairo_move_to (p->cr, x, y + MAX (0, (height - (double) h / PANGO_SCALE) / 2));
  pango_cairo_show_layout (p->cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
rect (Page   *p,
      double  x,
      double  y,
      double  w,
      double  h,
      double  line)
{
  cairo_set_line_width (p->cr, line);
  cairo_rectangle (p->cr, x, y, w, h);
  cairo_stroke (p->cr);
}

/* A row of check boxes: @n boxes, the first @ticked… crossed, each with a
 * letter when given. */
static double
boxes (Page               *p,
       double              x,
       double              y,
       double              size,
       int                 n,
       guint               ticked,
       const char * const *letters)
{
  for (int i = 0; i < n; i++)
    {
      double bx = x + i * (size + 1.5);

      rect (p, bx, y, size, size, 0.6);
      if (letters != NULL && letters[i] != NULL)
        text (p, letters[i], bx, y, size, size, size * 0.55, FALSE, PANGO_ALIGN_CENTER, 1);
      if (ticked & (1u << i))
        {
          cairo_set_line_width (p->cr, 1.1);
          cairo_move_to (p->cr, bx + 1.5, y + 1.5);
          cairo_line_to (p->cr, bx + size - 1.5, y + size - 1.5);
          cairo_move_to (p->cr, bx + size - 1.5, y + 1.5);
          cairo_line_to (p->cr, bx + 1.5, y + size - 1.5);
          cairo_stroke (p->cr);
        }
    }
  return x + n * (size + 1.5);
}

/* The subphase track (T-04): 40 boxes around the page, START in the lower
 * left, clockwise — up the left side, along the top, down the right side,
 * back along the bottom. Box @i at (*x, *y, *w, *h). */
static void
track_box (double  width,
           double  height,
           int     i,
           double *x,
           double *y,
           double *w,
           double *h)
{
  double across = (width - 2 * MARGIN) / 12;
  double down = (height - 2 * MARGIN - 2 * RING) / 8;

  if (i == 0)
    {
      *x = MARGIN, *y = height - MARGIN - RING, *w = across, *h = RING;
    }
  else if (i <= 8)
    {
      *x = MARGIN, *w = RING, *h = down;
      *y = height - MARGIN - RING - i * down;
    }
  else if (i <= 20)
    {
      *y = MARGIN, *w = across, *h = RING;
      *x = MARGIN + (i - 9) * across;
    }
  else if (i <= 28)
    {
      *x = width - MARGIN - RING, *w = RING, *h = down;
      *y = MARGIN + RING + (i - 21) * down;
    }
  else
    {
      *y = height - MARGIN - RING, *w = across, *h = RING;
      *x = width - MARGIN - (i - 28) * across;
    }
}

static void
draw_track (Page   *p,
            double  width,
            double  height)
{
  int per_turn = p->rules->subphases_per_turn;
  /* The four turns the current one is in: 1–4, 5–8 … */
  int first_turn = p->blank ? 1 : (p->state->turn - 1) / 4 * 4 + 1;
  int first = sl_subphase_index (p->rules, first_turn, 1);
  int now = p->blank || p->state->phase != SL_PHASE_ACTION ? -1 : sl_state_now (p->rules, p->state);

  for (int i = 0; i < 4 * per_turn; i++)
    {
      double x, y, w, h;
      int index = first + i;
      int subphase = i % per_turn + 1;
      g_autoptr(GString) ends = g_string_new (NULL);
      g_autofree char *number = NULL;

      track_box (width, height, i, &x, &y, &w, &h);
      if (index == now)
        {
          /* The current subphase: shaded, readable in black and white. */
          cairo_set_source_rgb (p->cr, 0.82, 0.82, 0.82);
          cairo_rectangle (p->cr, x, y, w, h);
          cairo_fill (p->cr);
          cairo_set_source_rgb (p->cr, 0, 0, 0);
        }
      rect (p, x, y, w, h, subphase == 1 ? 1.4 : 0.6);
      if (i == 0)
        number = g_strdup_printf ("%s · %d", _("START"), subphase);
      else if (subphase == 1)
        number = g_strdup_printf (_("T%d · %d"), first_turn + i / per_turn, subphase);
      else
        number = g_strdup_printf ("%d", subphase);
      text (p, number, x + 1, y + 1, w - 2, 9, 6.5, subphase == 1, PANGO_ALIGN_CENTER, 1);

      /* The End-Action markers of the squad's units ending here (P-07). */
      for (int k = 0; k < p->n_units && !p->blank; k++)
        {
          const SlUnitState *u = &p->state->units[p->units[k]];

          if (!known (p, p->units[k]) || u->current.action == NULL || u->current.end != index)
            continue;
          if (ends->len > 0)
            g_string_append_c (ends, ' ');
          g_string_append_printf (ends, "%d", sl_setup_unit_at (p->setup, p->units[k])->counter);
        }
      if (ends->len > 0)
        text (p, ends->str, x + 1, y + 10, w - 2, h - 11, 7, TRUE, PANGO_ALIGN_CENTER, 3);
    }
}

static void
draw_header (Page   *p,
             double  x,
             double  y,
             double  width)
{
  const SlSquadSetup *squad = sl_setup_squad_at (p->setup, p->squad);
  const SlSideSetup *side = sl_setup_side_at (p->setup, squad->side);
  g_autofree char *line1 = NULL;
  g_autofree char *line2 = NULL;
  g_autofree char *leader_name = NULL;
  g_autofree char *rating = NULL;
  gboolean acting = FALSE;
  /* P-32 step 8: the leader the squad answers to now, its acting leader
   * when the leader is out, as the table model says. */
  int leader = p->blank ? -1
               : sl_table_model_squad_leader (sl_table_model_get_for_game (p->game), p->squad, &acting);

  text (p, _("SQUAD LOG"), x, y, width / 2, 18, 15, TRUE, PANGO_ALIGN_LEFT, 1);
  text (p, _("PHALANX: Streets of Blood"), x + width / 2, y, width / 2, 18, 8, FALSE, PANGO_ALIGN_RIGHT, 1);
  if (p->blank)
    {
      line1 = g_strdup_printf (_("Game: ____________________   Side: ____________   Squad: %s"), squad->name);
      line2 = g_strdup (_("Leader: ____________________   Rating: ____   Quality: ____________   Turn: ____"));
    }
  else
    {
      line1 = g_strdup_printf (_("Game: %s   Side: %s   Squad: %s"), p->setup->name, side->name, squad->name);
      if (leader < 0)
        leader_name = g_strdup (_("none"));
      else if (acting)
        /* Translators: the acting leader on the printed log's header, "Trooper Hale (acting)". */
        leader_name = g_strdup_printf (_("%s (acting)"), sl_setup_unit_at (p->setup, leader)->name);
      else
        leader_name = g_strdup (sl_setup_unit_at (p->setup, leader)->name);
      /* The rating as the window shows it: "0", "−1", "+1" (issue 31 #8). */
      rating = sl_text_signed (squad->leader_rating);
      line2 = g_strdup_printf (_("Leader: %s   Rating: %s   Quality: %s   Turn: %d"), leader_name,
                               rating, sl_quality_label (p->state->squad_quality[p->squad]),
                               p->state->turn);
    }
  text (p, line1, x, y + 22, width, 12, 8.5, FALSE, PANGO_ALIGN_LEFT, 1);
  text (p, line2, x, y + 36, width, 12, 8.5, FALSE, PANGO_ALIGN_LEFT, 1);
}

/* A unit log's second line, at @y, @line high: the ammunition boxes
 * (T-20), the tally, the wounds (L M S U D), the equipment; filled in from
 * @log, or blank when it is NULL. */
static void
draw_unit_boxes (Page            *p,
                 const SlUnitLog *log,
                 const char      *equipment,
                 double           x,
                 double           y,
                 double           width,
                 double           line)
{
  static const char * const wound_letters[] = { "L", "M", "S", "U", "D" };
  gboolean filled = log != NULL;
  double bx;
  double size = MIN (line - 6, 10);
  double by = y + (line - size) / 2;
  const char *labels[] = { "R", "P", "FG", "SG" };
  int counts[4] = { 3, 2, 2, 2 };
  int left[4] = { 3, 2, 2, 2 };
  guint wounds = 0;
  g_autofree char *tally = NULL;

  /* P-35: a launcher's load takes the hand grenades' place. */
  if (filled && log->launcher)
    {
      labels[2] = "GL-F";
      labels[3] = "GL-S";
    }
  if (filled)
    {
      counts[0] = log->boxes[SL_MAGAZINE_R];
      counts[1] = log->boxes[SL_MAGAZINE_P];
      counts[2] = log->launcher ? log->launcher_boxes[SL_GRENADE_FG] : log->boxes[SL_MAGAZINE_FG];
      counts[3] = log->launcher ? log->launcher_boxes[SL_GRENADE_SG] : log->boxes[SL_MAGAZINE_SG];
      left[0] = log->left[SL_MAGAZINE_R];
      left[1] = log->left[SL_MAGAZINE_P];
      left[2] = log->launcher ? log->launcher_load[SL_GRENADE_FG] : log->left[SL_MAGAZINE_FG];
      left[3] = log->launcher ? log->launcher_load[SL_GRENADE_SG] : log->left[SL_MAGAZINE_SG];
      for (int wl = SL_WOUND_LIGHT; wl <= SL_WOUND_DEAD; wl++)
        if ((int) log->wound >= wl)
          wounds |= 1u << (wl - SL_WOUND_LIGHT);
      if (log->rounds > 0)
        tally = g_strdup_printf (_("fired %d/%d"), log->rounds_fired, log->rounds);
    }
  bx = x + 4;
  for (int a = 0; a < 4; a++)
    {
      guint spent = 0;
      double label_width = strlen (labels[a]) > 2 ? 20 : 12;

      text (p, labels[a], bx, by, label_width, size, 6.5, TRUE, PANGO_ALIGN_LEFT, 1);
      bx += label_width;
      for (int b = 0; b < counts[a]; b++)
        if (filled && b >= left[a])
          spent |= 1u << b;
      bx = boxes (p, bx, by, size, MIN (counts[a], 6), spent, NULL) + 5;
    }
  text (p, tally ? tally : _("fired __/__"), bx, by, 56, size, 6.5, FALSE, PANGO_ALIGN_LEFT, 1);
  bx += 58;
  text (p, _("Wnds"), bx, by, 22, size, 6.5, TRUE, PANGO_ALIGN_LEFT, 1);
  bx = boxes (p, bx + 22, by, size, 5, wounds, wound_letters) + 6;
  /* The wound in words too, for whoever reads the log aloud. */
  if (filled && log->wound != SL_WOUND_NONE)
    {
      text (p, p->rules->wounds[log->wound].name, bx, y, 70, line, 6.5, TRUE, PANGO_ALIGN_LEFT, 1);
      bx += 72;
    }
  if (equipment != NULL && *equipment)
    text (p, equipment, bx, y, x + width - bx - 2, line, 6.5, FALSE, PANGO_ALIGN_LEFT, 1);
}

/* One unit log, two lines: who and what it carries; then its boxes. */
static void
draw_unit (Page   *p,
           int     slot,
           double  x,
           double  y,
           double  width,
           double  height)
{
  static const char * const headings_small[] = { N_("#"), N_("Unit"), N_("Pts"), N_("Race"), N_("Armr"),
                                                  N_("Wpn"), N_("Mod"), N_("Pos") };
  double col[] = { 0, 22, 150, 180, 232, 262, 322, 362 };
  double line = height / 2;
  SlUnitLog log;
  gboolean filled = !p->blank && slot < p->n_units;
  const char *values[8] = { NULL };
  g_autofree char *counter = NULL, *points = NULL, *weapons = NULL, *mod = NULL, *equipment = NULL;

  rect (p, x, y, width, height, 0.8);
  if (slot == 0)
    for (int c = 0; c < 8; c++)
      text (p, _(headings_small[c]), x + col[c] + 2, y - 10, (c < 7 ? col[c + 1] - col[c] : width - col[c]) - 2, 9,
            6.5, TRUE, PANGO_ALIGN_LEFT, 1);

  if (filled)
    {
      int unit = p->units[slot];
      GString *w = g_string_new (NULL);
      GString *e = g_string_new (NULL);

      sl_unit_log_fill (p->rules, p->setup, p->state, unit, &log);
      counter = g_strdup_printf ("%d", log.counter);
      points = g_strdup_printf ("%d", log.points);
      g_string_append (w, log.weapons[log.in_hand]->id);
      for (int k = 0; k < log.n_weapons; k++)
        if (k != log.in_hand)
          g_string_append_printf (w, "/%s", log.weapons[k]->id);
      weapons = g_string_free (w, FALSE);
      mod = sl_unit_log_format_mod (&log);
      if (log.launcher)
        g_string_append_printf (e, "%s ", _("Launcher"));
      if (log.plastic_charges > 0)
        g_string_append_printf (e, _("%d plastic "), log.plastic_charges);
      if (log.shaped_charges > 0)
        g_string_append_printf (e, _("%d shaped "), log.shaped_charges);
      if (log.keys > 0)
        g_string_append_printf (e, _("%d keys "), log.keys);
      if (log.ecm_jammer)
        g_string_append_printf (e, "%s ", _("ECM"));
      if (log.ground_sensor)
        g_string_append_printf (e, "%s ", _("Sensor"));
      if (log.bounce_pack)
        g_string_append_printf (e, "%s ", _("Bounce pack"));
      /* §18: a Legionnaire character (its skills are in the Mod too). */
      if (log.legionnaire != NULL)
        {
          g_autofree char *character = sl_legionnaire_describe (log.legionnaire, TRUE);

          g_string_append_printf (e, "%s ", character);
        }
      if (known (p, unit))
        {
          if (log.dazed_until >= 0)
            g_string_append_printf (e, "%s ", _("DAZED"));
          if (log.jammed)
            g_string_append_printf (e, "%s ", _("JAMMED"));
          if (log.routed)
            g_string_append_printf (e, "%s ", _("ROUTED"));
        }
      equipment = g_string_free (e, FALSE);
      values[0] = counter;
      values[1] = log.name;
      values[2] = points;
      values[3] = log.race->name;
      values[4] = log.armor->id;
      values[5] = weapons;
      values[6] = mod;
      values[7] = known (p, unit) ? sl_position_label (log.position) : "";
    }
  for (int c = 0; c < 8; c++)
    {
      double cw = (c < 7 ? col[c + 1] - col[c] : width - col[c]) - 4;

      if (c > 0)
        {
          cairo_set_line_width (p->cr, 0.3);
          cairo_move_to (p->cr, x + col[c], y);
          cairo_line_to (p->cr, x + col[c], y + line);
          cairo_stroke (p->cr);
        }
      if (values[c] != NULL)
        text (p, values[c], x + col[c] + 2, y, cw, line, c == 0 ? 9 : 7.5, c == 0, PANGO_ALIGN_LEFT, 1);
    }
  cairo_set_line_width (p->cr, 0.3);
  cairo_move_to (p->cr, x, y + line);
  cairo_line_to (p->cr, x + width, y + line);
  cairo_stroke (p->cr);

  draw_unit_boxes (p, filled ? &log : NULL, equipment, x, y + line, width, line);
}

/* The action log: the Action Table's boxes with their cost, blank boxes for
 * the scenario's actions, each unit's current action marked with its
 * counter number (P-07). */
static void
draw_action_log (Page   *p,
                 double  x,
                 double  y,
                 double  width,
                 double  height)
{
  guint n = p->rules->actions.items->len + 3;
  int columns = 6;
  int rows = (n + columns - 1) / columns;
  double w = width / columns, h = (height - 14) / rows;

  text (p, _("ACTION LOG"), x, y, width, 12, 9, TRUE, PANGO_ALIGN_LEFT, 1);
  for (guint i = 0; i < n; i++)
    {
      double bx = x + (i % columns) * w, by = y + 14 + (i / columns) * h;
      g_autoptr(GString) marks = g_string_new (NULL);

      rect (p, bx, by, w, h, 0.6);
      if (i < p->rules->actions.items->len)
        {
          const SlAction *action = g_ptr_array_index (p->rules->actions.items, i);
          g_autofree char *cost = g_strdup_printf (_("%d AP"), action->cost);

          text (p, action->name, bx + 2, by + 1, w - 4, 16, 6.5, FALSE, PANGO_ALIGN_LEFT, 2);
          text (p, cost, bx + 2, by + h - 10, w - 4, 9, 6, FALSE, PANGO_ALIGN_RIGHT, 1);
          for (int k = 0; k < p->n_units && !p->blank; k++)
            {
              const SlUnitState *u = &p->state->units[p->units[k]];

              if (known (p, p->units[k]) && u->current.action == action &&
                  !(u->current.resolved && u->current.end < sl_state_now (p->rules, p->state)))
                {
                  if (marks->len > 0)
                    g_string_append_c (marks, ' ');
                  g_string_append_printf (marks, "%d", sl_setup_unit_at (p->setup, p->units[k])->counter);
                }
            }
          if (marks->len > 0)
            text (p, marks->str, bx + 2, by + 17, w - 4, h - 27, 8, TRUE, PANGO_ALIGN_LEFT, 1);
        }
    }
}

void
sl_print_squad_log (cairo_t  *cr,
                    SlGame   *game,
                    int       squad,
                    gboolean  blank,
                    double    width,
                    double    height)
{
  Page p = { 0 };
  double x = MARGIN + RING + GAP, y = MARGIN + RING + GAP;
  double inner_w = width - 2 * (MARGIN + RING + GAP);
  double inner_h = height - 2 * (MARGIN + RING + GAP);
  double unit_h = 36, units_y;

  g_return_if_fail (SL_IS_GAME (game));

  p.cr = cr;
  p.game = game;
  p.rules = sl_game_get_rules (game);
  p.setup = sl_game_get_setup (game);
  p.state = sl_game_get_state (game);
  p.squad = squad;
  p.blank = blank;
  for (int u = 0; u < p.state->n_units && p.n_units < UNITS_PER_LOG; u++)
    if (p.state->squad_of[u] == squad)
      p.units[p.n_units++] = u;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_track (&p, width, height);
  draw_header (&p, x, y, inner_w);
  units_y = y + 62;
  for (int slot = 0; slot < UNITS_PER_LOG; slot++)
    draw_unit (&p, slot, x, units_y + slot * (unit_h + 4), inner_w, unit_h);
  draw_action_log (&p, x, units_y + UNITS_PER_LOG * (unit_h + 4) + 8, inner_w,
                   inner_h - (units_y - y) - UNITS_PER_LOG * (unit_h + 4) - 8);
  cairo_restore (cr);
}

static cairo_status_t
append_cb (void                *closure,
           const unsigned char *data,
           unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
sl_print_to_pdf_bytes (SlGame      *game,
                       const char  *squad_id,
                       gboolean     blank,
                       SlPaper      paper,
                       GError     **error)
{
  const SlSetup *setup = sl_game_get_setup (game);
  g_autoptr(GByteArray) pdf = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  double width, height;
  int pages = 0;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);

  /* Drawn into memory: nothing is written until the whole document is
   * made (a cut PDF is never left), and then atomically (sl-file.h). */
  sl_print_paper_size (paper, &width, &height);
  surface = cairo_pdf_surface_create_for_stream (append_cb, pdf, width, height);
  cr = cairo_create (surface);
  for (guint s = 0; s < setup->squads->len; s++)
    {
      if (squad_id != NULL && !g_str_equal (sl_setup_squad_at (setup, s)->id, squad_id))
        continue;
      sl_print_squad_log (cr, game, s, blank, width, height);
      cairo_show_page (cr);
      pages++;
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (pages == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no squad “%s” in this game."), squad_id);
      return NULL;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The squad logs could not be drawn: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&pdf));
}

gboolean
sl_print_to_pdf (SlGame      *game,
                 const char  *path,
                 const char  *squad_id,
                 gboolean     blank,
                 SlPaper      paper,
                 GError     **error)
{
  g_autoptr(GBytes) pdf = NULL;

  g_return_val_if_fail (SL_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  pdf = sl_print_to_pdf_bytes (game, squad_id, blank, paper, error);
  if (pdf == NULL)
    return FALSE;
  return sl_file_replace (path, g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf),
                          SL_FILE_REPLACE_DURABLE, 0644, sl_file_kind_pdf (), error);
}
