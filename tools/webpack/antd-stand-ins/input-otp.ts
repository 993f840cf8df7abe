/** What antd's Input.OTP is in the portal's build (antd-components.ts, ANTD_STAND_INS). */
export default function InputOtp(): never {
  throw new Error("The portal's build has no antd Input.OTP: no page asks for a one-time code");
}
