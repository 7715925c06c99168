import type { Mail } from "../../platform/mail.ts";

export function confirmationMail(to: string, name: string): Mail {
  return {
    to,
    subject: "We received your ShutterHail application",
    text: `Hi ${name},\n\nThanks for applying to join ShutterHail as a creator. Our team reviews applications within 24 hours and will email you the outcome.\n\nThe ShutterHail team`,
  };
}

export function approvalMail(to: string, name: string, onboardUrl: string): Mail {
  return {
    to,
    subject: "Your ShutterHail application is approved",
    text: `Hi ${name},\n\nGood news: your application to join ShutterHail is approved.\n\nSign in or create your account with this email address, then complete your profile here:\n${onboardUrl}\n\nThe ShutterHail team`,
  };
}

export function denialMail(to: string, name: string, reason: string | undefined): Mail {
  const because = reason ? `\n\nReason given by our team:\n${reason}` : "";
  return {
    to,
    subject: "Your ShutterHail application",
    text: `Hi ${name},\n\nThank you for your interest in ShutterHail. After review, we are unable to approve your application at this time.${because}\n\nYou are welcome to apply again in the future.\n\nThe ShutterHail team`,
  };
}
