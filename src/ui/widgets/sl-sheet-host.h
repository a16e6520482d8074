/* sl-sheet-host.h: where a window shows its sheets — over its content, in
 * the window itself (issue 31 #2: a new toplevel cost a frame and more)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SL_TYPE_SHEET_HOST (sl_sheet_host_get_type ())
G_DECLARE_FINAL_TYPE (SlSheetHost, sl_sheet_host, SL, SHEET_HOST, GtkWidget)

GtkWidget   *sl_sheet_host_new          (void);
/* The host in @window (the one rooted there), or NULL. */
SlSheetHost *sl_sheet_host_get_for      (GtkWindow   *window);

/* What the sheets cover: the window's own content. */
void         sl_sheet_host_set_child    (SlSheetHost *self,
                                         GtkWidget   *child);

/* Shows @panel over the content, which is dimmed and takes no pointer nor
 * focus until the last panel goes; the focus moves to @focus (or the
 * panel) and, once the last panel is gone, back to where it was. A panel
 * shown over another one hides it until it goes. @width and @height are
 * the size it would like, shrunk to the window. A panel is opaque but for
 * rounded corners (of up to 12 pixels): what it covers is not drawn. */
void         sl_sheet_host_show         (SlSheetHost *self,
                                         GtkWidget   *panel,
                                         int          width,
                                         int          height,
                                         GtkWidget   *focus);
/* Lays @panel out, hidden, as it would be shown (sl_sheet_host_show of
 * it then only draws it); NULL drops the one made ahead. One at a time.
 * @focus, inside @panel, is where the focus will go once it is shown: it
 * is styled ahead as it will be then. */
void         sl_sheet_host_prepare      (SlSheetHost *self,
                                         GtkWidget   *panel,
                                         int          width,
                                         int          height,
                                         GtkWidget   *focus);
/* Takes @panel away (it is unparented now and let go of once the main
 * loop is back, so that a handler inside it may finish). */
void         sl_sheet_host_hide         (SlSheetHost *self,
                                         GtkWidget   *panel);
/* The content is about to change in a way the table must see at once
 * (the game changed): until it has been drawn and still again, the panels
 * are shown over it as it is drawn, not over its picture made ahead. */
void         sl_sheet_host_content_changed (SlSheetHost *self);
/* The panel shown on top, or NULL. */
GtkWidget   *sl_sheet_host_get_shown    (SlSheetHost *self);
/* While a panel is shown, where the focus goes back once the last one is
 * gone (the widget that had it before the first), or NULL. */
GtkWidget   *sl_sheet_host_get_return_focus (SlSheetHost *self);

G_END_DECLS
