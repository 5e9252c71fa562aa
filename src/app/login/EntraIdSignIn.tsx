import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { authActions } from "../auth/authStore";
import type { EntraIdSettings } from "../auth/entraId/entraIdConfig";
import { signIn } from "../auth/signIn";
import { logger } from "../logger";
import { MicrosoftIcon } from "./MicrosoftIcon";
import { describeSignInFailure } from "./signInErrorMessage";
import "../i18n/loginStrings";

const loadEntraId = () => import("../auth/entraId/entraIdClient");

/**
 * 'Sign in with Microsoft': MSAL redirect sign-in, then GenerateToken/entraId
 * with the ID token. On return from Microsoft it finishes the sign-in by itself.
 */
export function EntraIdSignIn({ settings }: { settings: EntraIdSettings }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(true);
  const [message, setMessage] = useState("");

  useEffect(() => {
    let active = true;
    const finish = async () => {
      const entraId = await loadEntraId();
      const idToken = await entraId.completeEntraIdSignIn(settings);
      if (!idToken) return;
      try {
        await signIn({ identityProvider: "entraId", iGenerateTokenRequest: { idToken } });
        entraId.entraIdSignInSucceeded();
      } catch (error) {
        // Spec §8: a failed token request clears the token and the identity cache.
        authActions.clearTokenAndAccount();
        await entraId.clearEntraIdCache(settings);
        if (active) setMessage(describeSignInFailure(error, t).message);
      }
    };
    finish()
      .catch((error: unknown) => {
        logger.error("Microsoft sign-in could not complete", error);
        if (active) setMessage(t("login.microsoftFailed"));
      })
      .finally(() => {
        if (active) setPending(false);
      });
    return () => {
      active = false;
    };
  }, [settings, t]);

  const start = async () => {
    setPending(true);
    setMessage("");
    try {
      // The remembered path survives the round trip: the auth state is kept in local storage.
      await (await loadEntraId()).startEntraIdSignIn(settings);
    } catch (error) {
      logger.error("Microsoft sign-in could not start", error);
      setMessage(t("login.microsoftFailed"));
      setPending(false);
    }
  };

  return (
    <Stack spacing={2}>
      {message && <Alert severity="error">{message}</Alert>}
      <Button
        variant="outlined"
        size="large"
        fullWidth
        color="inherit"
        startIcon={<MicrosoftIcon />}
        loading={pending}
        onClick={() => void start()}
        sx={{ borderColor: "divider" }}
      >
        {t("login.microsoft")}
      </Button>
    </Stack>
  );
}
