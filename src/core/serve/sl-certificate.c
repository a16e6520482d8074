/* sl-certificate.c: the phones' server's certificate
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/crypto.h>
#include <ifaddrs.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <time.h>

#include "sl-certificate.h"

#define LIFETIME_DAYS 825
#define RENEW_DAYS    30

char *
sl_certificate_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "squadlog", "phones", "certificate.pem", NULL);
}

static gboolean
gnutls_failed (int       ret,
               GError  **error)
{
  if (ret >= 0)
    return FALSE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("Could not make the certificate: %s"), gnutls_strerror (ret));
  return TRUE;
}

/* The certificate's SHA-256, in the hex pairs browsers show. */
static char *
fingerprint_of (gnutls_x509_crt_t crt)
{
  guint8 digest[32];
  size_t size = sizeof digest;
  GString *out = g_string_new (NULL);

  if (gnutls_x509_crt_get_fingerprint (crt, GNUTLS_DIG_SHA256, digest, &size) < 0)
    return g_string_free (out, FALSE);
  for (size_t i = 0; i < size; i++)
    g_string_append_printf (out, "%s%02X", i > 0 ? ":" : "", digest[i]);
  return g_string_free (out, FALSE);
}

/* Reads @pem's certificate: its fingerprint, and whether it lasts more
 * than a month yet. */
static gboolean
check_existing (const char  *pem,
                gsize        length,
                char       **fingerprint)
{
  gnutls_x509_crt_t crt;
  gnutls_datum_t data = { (unsigned char *) pem, (unsigned int) length };
  gboolean fresh = FALSE;

  if (gnutls_x509_crt_init (&crt) < 0)
    return FALSE;
  if (gnutls_x509_crt_import (crt, &data, GNUTLS_X509_FMT_PEM) >= 0)
    {
      time_t ends = gnutls_x509_crt_get_expiration_time (crt);

      fresh = ends != (time_t) -1 && ends > time (NULL) + RENEW_DAYS * 24 * 3600;
      if (fresh && fingerprint != NULL)
        *fingerprint = fingerprint_of (crt);
    }
  gnutls_x509_crt_deinit (crt);
  return fresh;
}

/* The machine's name and its addresses, as the certificate names them. */
static void
add_names (gnutls_x509_crt_t crt)
{
  struct ifaddrs *addrs = NULL;
  const char *host = g_get_host_name ();

  gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_DNSNAME, host, strlen (host), GNUTLS_FSAN_APPEND);
  gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_DNSNAME, "localhost", strlen ("localhost"), GNUTLS_FSAN_APPEND);
  if (getifaddrs (&addrs) != 0)
    return;
  for (struct ifaddrs *a = addrs; a != NULL; a = a->ifa_next)
    {
      if (a->ifa_addr == NULL)
        continue;
      if (a->ifa_addr->sa_family == AF_INET)
        {
          struct in_addr *in = &((struct sockaddr_in *) a->ifa_addr)->sin_addr;

          gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_IPADDRESS, in, sizeof *in, GNUTLS_FSAN_APPEND);
        }
      else if (a->ifa_addr->sa_family == AF_INET6)
        {
          struct in6_addr *in6 = &((struct sockaddr_in6 *) a->ifa_addr)->sin6_addr;

          gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_IPADDRESS, in6, sizeof *in6, GNUTLS_FSAN_APPEND);
        }
    }
  freeifaddrs (addrs);
}

/* A new ECDSA key on the secp256r1 curve and its self-signed certificate, as PEM. */
static char *
make (char   **fingerprint,
      GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t cert_pem = { NULL, 0 }, key_pem = { NULL, 0 };
  guint8 serial[16];
  time_t t = time (NULL);
  const char *cn = "Squad Log";
  char *out = NULL;

  if (gnutls_failed (gnutls_x509_privkey_init (&key), error)
      || gnutls_failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                                      GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0), error)
      || gnutls_failed (gnutls_x509_crt_init (&crt), error))
    goto out;
  gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial);
  serial[0] &= 0x7f;   /* a positive serial number */
  if (gnutls_failed (gnutls_x509_crt_set_version (crt, 3), error)
      || gnutls_failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error)
      || gnutls_failed (gnutls_x509_crt_set_activation_time (crt, t - 24 * 3600), error)
      || gnutls_failed (gnutls_x509_crt_set_expiration_time (crt, t + (time_t) LIFETIME_DAYS * 24 * 3600), error)
      || gnutls_failed (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, cn, strlen (cn)), error)
      || gnutls_failed (gnutls_x509_crt_set_key (crt, key), error)
      || gnutls_failed (gnutls_x509_crt_set_basic_constraints (crt, 0, -1), error)
      || gnutls_failed (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), error)
      || gnutls_failed (gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0), error))
    goto out;
  add_names (crt);
  if (gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error)
      || gnutls_failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &cert_pem), error)
      || gnutls_failed (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN, &key_pem),
                        error))
    goto out;
  out = g_strdup_printf ("%.*s%.*s", (int) cert_pem.size, cert_pem.data, (int) key_pem.size, key_pem.data);
  if (fingerprint != NULL)
    *fingerprint = fingerprint_of (crt);
out:
  if (key_pem.data != NULL)
    {
      memset (key_pem.data, 0, key_pem.size);
      gnutls_free (key_pem.data);
    }
  gnutls_free (cert_pem.data);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  return out;
}

GTlsCertificate *
sl_certificate_load_or_make (const char  *path,
                             char       **fingerprint,
                             GError     **error)
{
  g_autofree char *pem = NULL;
  g_autofree char *print = NULL;
  g_autofree char *dir = NULL;
  gsize length = 0;
  GTlsCertificate *certificate;

  g_return_val_if_fail (path != NULL, NULL);
  if (!g_file_get_contents (path, &pem, &length, NULL) || !check_existing (pem, length, &print))
    {
      g_autoptr(GError) local = NULL;

      g_clear_pointer (&pem, g_free);
      g_clear_pointer (&print, g_free);
      pem = make (&print, error);
      if (pem == NULL)
        return NULL;
      dir = g_path_get_dirname (path);
      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int e = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e),
                       _("Could not make the folder %s for the certificate: %s"), dir, g_strerror (e));
          return NULL;
        }
      if (!g_file_set_contents_full (path, pem, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local))
        {
          g_set_error (error, local->domain, local->code,
                       _("Could not keep the certificate in %s: %s"), path, local->message);
          return NULL;
        }
    }
  certificate = g_tls_certificate_new_from_pem (pem, -1, error);
  memset (pem, 0, strlen (pem));
  if (certificate != NULL && fingerprint != NULL)
    *fingerprint = g_steal_pointer (&print);
  return certificate;
}
