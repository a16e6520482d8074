/* sl-certificate.h: the phones' server's certificate — made once with
 * GnuTLS, self-signed, kept with its key (docs/phones.md)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Where it is kept: $XDG_DATA_HOME/squadlog/phones/certificate.pem. */
char            *sl_certificate_default_path (void);
/* The certificate and key at @path, made there first (mode 0600, in a
 * folder of mode 0700) when there is none or it ends within a month;
 * *@fingerprint (may be NULL) its SHA-256, "AB:CD:…". */
GTlsCertificate *sl_certificate_load_or_make (const char  *path,
                                              char       **fingerprint,
                                              GError     **error);

G_END_DECLS
