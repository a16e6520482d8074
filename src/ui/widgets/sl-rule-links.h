/* sl-rule-links.h: the rules a message cites, as links to the rules
 * reference — "(P-34 step 1, A-92; book §9.6, §4.1)" with P-34 and A-92
 * opening their entries
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* @message as Pango markup: its text escaped (a soldier's name may hold
 * < & >), the book's sections added to its citations when @cite
 * (sl_reference_cite), and each rule id the reference has wrapped in
 * <a href="rule:ID">, titled with its entry's title. */
char      *sl_rule_links_markup     (const char *message,
                                     gboolean    cite);
/* Shows @message in @label that way (@message NULL: empty); a link opens
 * the rules reference at its rule. */
void       sl_rule_links_set_label  (GtkLabel   *label,
                                     const char *message);
/* A label naming the rules @message cites, each a link with its title
 * ("Rules cited: P-06 Initiative phase, P-08 Order of events in a
 * subphase"), for a dialog whose text cannot hold links; NULL when it
 * cites none the reference has. */
GtkWidget *sl_rule_links_cited_new  (const char *message);
/* A toast of @message with its links, for a refusal. */
AdwToast  *sl_rule_links_toast_new  (const char *message);
/* An activate-link handler: "rule:ID" opens the reference at ID (and
 * returns TRUE); any other link is left to GTK. */
gboolean   sl_rule_links_activate_cb (GtkLabel   *label,
                                      const char *uri,
                                      gpointer    user_data);

G_END_DECLS
