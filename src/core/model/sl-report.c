/* sl-report.c: the after-action report
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sl-report.h"

static void
moment_clear (gpointer data)
{
  SlReportMoment *m = data;

  g_free (m->text);
}

static void
add_moment (SlReport   *report,
            int         turn,
            const char *kind,
            int         side,
            char       *text)
{
  SlReportMoment m = { turn, kind, side, text };

  g_array_append_val (report->moments, m);
}

static int
compare_moments (gconstpointer a,
                 gconstpointer b)
{
  const SlReportMoment *x = a, *y = b;

  return x->turn - y->turn;
}

SlReport *
sl_report_new (const SlRules *rules,
               const SlSetup *setup,
               const SlState *state)
{
  SlReport *report = g_new0 (SlReport, 1);
  int n = sl_setup_n_units (setup);
  int first_blood = -1;

  g_return_val_if_fail (rules != NULL && setup != NULL && state != NULL, NULL);

  report->n_turns = MAX (state->turn, 1);
  for (int s = 0; s < 2; s++)
    {
      report->wounded[s] = g_new0 (int, report->n_turns);
      report->out[s] = g_new0 (int, report->n_turns);
    }
  report->moments = g_array_new (FALSE, TRUE, sizeof (SlReportMoment));
  g_array_set_clear_func (report->moments, moment_clear);

  /* Casualties per turn, from each unit's log. */
  for (int i = 0; i < n; i++)
    {
      const SlUnitSetup *u = sl_setup_unit_at (setup, i);
      const SlUnitState *us = &state->units[i];

      if (us->wound != SL_WOUND_NONE && us->casualty_turn >= 1 && us->casualty_turn <= report->n_turns)
        {
          report->wounded[u->side][us->casualty_turn - 1]++;
          if (first_blood < 0 || us->casualty_turn < state->units[first_blood].casualty_turn)
            first_blood = i;
        }
      if (rules->wounds[us->wound].out && us->out_turn >= 1 && us->out_turn <= report->n_turns)
        {
          report->out[u->side][us->out_turn - 1]++;
          report->total_out[u->side]++;
        }
    }

  /* The decisive moments. */
  if (first_blood >= 0)
    {
      const SlUnitSetup *u = sl_setup_unit_at (setup, first_blood);

      add_moment (report, state->units[first_blood].casualty_turn, "first-blood", u->side,
                  /* Translators: "First blood: Trooper Hale (Commonwealth) is hit." */
                  g_strdup_printf (_("First blood: %s (%s) is hit."), u->name,
                                   sl_setup_side_at (setup, u->side)->name));
    }
  for (guint q = 0; q < setup->squads->len; q++)
    {
      const SlSquadSetup *squad = sl_setup_squad_at (setup, q);
      int routed = 0;

      if (squad->leader >= 0 && state->units[squad->leader].out_turn > 0 &&
          rules->wounds[state->units[squad->leader].wound].out)
        {
          const SlUnitSetup *leader = sl_setup_unit_at (setup, squad->leader);

          add_moment (report, state->units[squad->leader].out_turn, "leader-lost", squad->side,
                      /* Translators: "Leader lost: Centurion Vale of TOG 1st Squad (Dead)." */
                      g_strdup_printf (_("Leader lost: %s of %s (%s)."), leader->name, squad->name,
                                       rules->wounds[state->units[squad->leader].wound].name));
        }
      for (guint i = 0; i < squad->units->len; i++)
        {
          int t = state->units[g_array_index (squad->units, int, i)].routed_turn;

          if (t > 0 && (routed == 0 || t < routed))
            routed = t;
        }
      if (routed > 0)
        add_moment (report, routed, "rout", squad->side,
                    g_strdup_printf (_("%s routs (P-31)."), squad->name));
    }
  g_array_sort (report->moments, compare_moments);

  sl_victory_compute (rules, setup, state, &report->victory);
  if (state->over)
    {
      const SlVictoryResult *r = &report->victory.result;

      g_autofree char *headline = sl_victory_headline (setup, &report->victory);

      /* Translators: "The game ends: Marginal Victory for TOG." */
      add_moment (report, state->turn, "end", r->winner, g_strdup_printf (_("The game ends: %s."), headline));
    }
  return report;
}

void
sl_report_free (SlReport *report)
{
  if (report == NULL)
    return;
  for (int s = 0; s < 2; s++)
    {
      g_free (report->wounded[s]);
      g_free (report->out[s]);
    }
  g_array_unref (report->moments);
  sl_victory_clear (&report->victory);
  g_free (report);
}

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

/* The chart: per turn, each side's units hit (light bar) and knocked out
 * or killed (dark bar), as inline SVG. */
static void
append_chart (GString        *out,
              const SlReport *report,
              const SlSetup  *setup)
{
  static const char *colours[2][2] = { { "#99c1f1", "#1c71d8" }, { "#f66151", "#a51d2d" } };
  int most = 1;
  int bar = 10, gap = 6, group = 2 * bar + gap, left = 36, top = 12, height = 160;
  int width = left + report->n_turns * group + 12;

  for (int s = 0; s < 2; s++)
    for (int t = 0; t < report->n_turns; t++)
      most = MAX (most, MAX (report->wounded[s][t], report->out[s][t]));

  g_string_append_printf (out, "<svg role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                               "viewBox=\"0 0 %d %d\"><title>", width, height + top + 40, width, height + top + 40);
  append_escaped (out, _("Casualties per turn"));
  g_string_append (out, "</title>");
  /* The axis and its scale. */
  g_string_append_printf (out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#77767b\"/>",
                          left, top + height, width - 6, top + height);
  for (int v = 0; v <= most; v += MAX (1, most / 4))
    {
      int y = top + height - v * height / most;

      g_string_append_printf (out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"end\" fill=\"#5e5c64\">%d</text>"
                                   "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#deddda\"/>",
                              left - 6, y + 3, v, left, y, width - 6, y);
    }
  for (int t = 0; t < report->n_turns; t++)
    {
      int x = left + t * group + gap / 2;

      for (int s = 0; s < 2; s++)
        {
          int hit = report->wounded[s][t], out_ = report->out[s][t];
          int h1 = hit * height / most, h2 = out_ * height / most;
          int bx = x + s * bar;

          g_autofree char *tip = g_strdup_printf (_("%s, turn %d: %d hit, %d out of the fight"),
                                                  sl_setup_side_at (setup, s)->name, t + 1, hit, out_);

          g_string_append_printf (out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>",
                                  bx, top + height - h1, bar - 1, h1, colours[s][0]);
          append_escaped (out, tip);
          g_string_append_printf (out, "</title></rect><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>",
                                  bx, top + height - h2, bar - 1, h2, colours[s][1]);
        }
      if (report->n_turns <= 12 || (t + 1) % 5 == 0 || t == 0)
        g_string_append_printf (out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" fill=\"#5e5c64\">%d</text>",
                                x + bar, top + height + 14, t + 1);
    }
  g_string_append_printf (out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#3d3846\">",
                          left + report->n_turns * group / 2, top + height + 32);
  append_escaped (out, _("Turn"));
  g_string_append (out, "</text></svg>\n");
}

char *
sl_report_to_html (const SlReport *report,
                   const SlSetup  *setup,
                   const SlState  *state)
{
  GString *out = g_string_new (NULL);
  const SlVictoryResult *r = &report->victory.result;
  g_autofree char *title = g_strdup_printf (_("After-Action Report: %s"), setup->name);
  g_autofree char *headline = sl_victory_headline (setup, &report->victory);
  g_string_append (out, "<!DOCTYPE html>\n<html lang=\"");
  /* Translators: the language code of this translation ("fr"), for the
   * HTML battle report. */
  append_escaped (out, C_("html-lang", "en"));
  g_string_append (out, "\"><head><meta charset=\"utf-8\">\n<title>");
  append_escaped (out, title);
  g_string_append (out, "</title>\n<style>\n"
                        "body{font-family:Cantarell,'Noto Sans',sans-serif;max-width:46em;margin:2em auto;padding:0 1em;color:#241f31;background:#fff}\n"
                        "h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.6em}\n"
                        ".sub{color:#5e5c64;margin-top:0}table{border-collapse:collapse;width:100%}\n"
                        "td,th{padding:.3em .5em;border-bottom:1px solid #deddda;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
                        ".key span{display:inline-block;width:.9em;height:.9em;margin:0 .3em 0 1em;vertical-align:-.1em}\n"
                        "@media (prefers-color-scheme: dark){body{background:#242424;color:#fff}.sub{color:#c0bfbc}td,th{border-color:#5e5c64}}\n"
                        "</style></head><body>\n<h1>");
  append_escaped (out, title);
  g_string_append (out, "</h1>\n<p class=\"sub\">");
  {
    g_autofree char *when = state->over ? g_strdup_printf (_("Over after turn %d of %d"), state->turn, setup->length_turns)
                                        : g_strdup_printf (_("Turn %d of %d, not over yet"), state->turn, setup->length_turns);
    append_escaped (out, when);
  }
  g_string_append (out, "</p>\n<h2>");
  append_escaped (out, headline);
  g_string_append (out, "</h2>\n<table>\n");
  for (int s = 0; s < 2; s++)
    {
      const SlVictoryScore *score = &r->scores[s];
      g_autofree char *objective = sl_objective_status_describe (setup, s, &report->victory.objectives[s]);

      g_string_append (out, "<tr><th>");
      append_escaped (out, sl_setup_side_at (setup, s)->name);
      g_string_append (out, "</th><th>");
      append_escaped (out, score->result);
      g_string_append_printf (out, "</th><th class=\"n\">%.2f</th></tr>\n<tr><td colspan=\"3\"><em>", score->score);
      append_escaped (out, objective);
      g_string_append (out, "</em></td></tr>\n");
      for (guint i = 0; i < score->items->len; i++)
        {
          const SlVictoryItem *item = &g_array_index (score->items, SlVictoryItem, i);

          g_string_append (out, "<tr><td colspan=\"2\">");
          append_escaped (out, item->label);
          g_string_append_printf (out, "</td><td class=\"n\">%+.2f</td></tr>\n", item->points);
        }
    }
  g_string_append (out, "</table>\n");
  if (r->has_ratio)
    {
      g_autofree char *ratio = g_strdup_printf (_("Ratio %.2f to 1 (T-40)"), r->ratio);

      g_string_append (out, "<p class=\"sub\">");
      append_escaped (out, ratio);
      g_string_append (out, "</p>\n");
    }

  g_string_append (out, "<h2>");
  append_escaped (out, _("Casualties per turn"));
  g_string_append (out, "</h2>\n<p class=\"key\">");
  for (int s = 0; s < 2; s++)
    {
      g_autofree char *hit = g_strdup_printf (_("%s hit"), sl_setup_side_at (setup, s)->name);
      g_autofree char *down = g_strdup_printf (_("%s out of the fight"), sl_setup_side_at (setup, s)->name);

      g_string_append_printf (out, "<span style=\"background:%s\"></span>", s == 0 ? "#99c1f1" : "#f66151");
      append_escaped (out, hit);
      g_string_append_printf (out, "<span style=\"background:%s\"></span>", s == 0 ? "#1c71d8" : "#a51d2d");
      append_escaped (out, down);
    }
  g_string_append (out, "</p>\n");
  append_chart (out, report, setup);

  g_string_append (out, "<h2>");
  append_escaped (out, _("Decisive Moments"));
  g_string_append (out, "</h2>\n");
  if (report->moments->len == 0)
    {
      g_string_append (out, "<p>");
      append_escaped (out, _("Nothing decisive has happened yet."));
      g_string_append (out, "</p>\n");
    }
  else
    {
      g_string_append (out, "<table>\n");
      for (guint i = 0; i < report->moments->len; i++)
        {
          const SlReportMoment *m = &g_array_index (report->moments, SlReportMoment, i);
          g_autofree char *turn = g_strdup_printf (_("Turn %d"), m->turn);

          g_string_append (out, "<tr><td>");
          append_escaped (out, turn);
          g_string_append (out, "</td><td>");
          append_escaped (out, m->text);
          g_string_append (out, "</td></tr>\n");
        }
      g_string_append (out, "</table>\n");
    }
  g_string_append (out, "<p class=\"sub\">");
  append_escaped (out, _("Made with Squad Log for PHALANX: Streets of Blood."));
  g_string_append (out, "</p>\n</body></html>\n");
  return g_string_free (out, FALSE);
}
