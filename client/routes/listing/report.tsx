// Issue 19: this page is being built (see the branch).
export default function Page() {
  return null;
}
