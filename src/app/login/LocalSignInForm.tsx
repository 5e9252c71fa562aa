import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { signIn } from "../auth/signIn";
import { PasswordField } from "./PasswordField";
import { describeSignInFailure, type SignInFailure } from "./signInErrorMessage";
import "../i18n/loginStrings";

const NO_FAILURE: SignInFailure = { message: "", fieldErrors: {} };

/**
 * Sign-in with user name and password (identity provider `local`). Success
 * stores the token; the login route then moves on by itself.
 */
export function LocalSignInForm() {
  const { t } = useTranslation();
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure>(NO_FAILURE);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setFailure(NO_FAILURE);
    try {
      await signIn({ identityProvider: "local", iGenerateTokenRequest: { userName, password } });
    } catch (error) {
      setFailure(describeSignInFailure(error, t));
      setPending(false);
    }
  };

  const fieldError = (field: string) => failure.fieldErrors[field]?.join(" ");
  const userNameError = fieldError("userName");
  const passwordError = fieldError("password");

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      {failure.message && (
        <Alert severity="error" role="alert">
          {failure.message}
        </Alert>
      )}
      <TextField
        label={t("login.userName")}
        name="userName"
        autoComplete="username"
        autoFocus
        fullWidth
        value={userName}
        onChange={(event) => setUserName(event.target.value)}
        error={Boolean(userNameError)}
        helperText={userNameError}
      />
      <PasswordField
        label={t("login.password")}
        name="password"
        autoComplete="current-password"
        fullWidth
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(passwordError)}
        helperText={passwordError}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        {t("login.submit")}
      </Button>
    </Stack>
  );
}
