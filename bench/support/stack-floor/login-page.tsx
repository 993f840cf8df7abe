import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, initializeAuth, onIdTokenChanged, signInWithEmailAndPassword } from 'firebase/auth';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import ConfigProvider from 'antd/es/config-provider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { startFederation, validEmail } from './federation-and-schema';

/**
 * The least a signed-in visit of this portal needs, as one page: a log-in form on the required
 * libraries (React DOM, the router, the query client, Firebase Auth, antd's form, input, button and
 * card), with no page of the portal itself. `bench:floor` builds it as the apps are built.
 */
const auth = initializeAuth(initializeApp({ apiKey: 'bench-key', projectId: 'demo-portal' }), {
  persistence: browserLocalPersistence,
});
onIdTokenChanged(auth, () => undefined);
startFederation();
const queryClient = new QueryClient();

function LoginPage() {
  const navigate = useNavigate();
  const session = useQuery({ queryKey: ['session'], queryFn: async () => auth.currentUser?.uid ?? null });
  const submit = async ({ email, password }: { email: string; password: string }) => {
    await signInWithEmailAndPassword(auth, validEmail(email), password);
    navigate('/apply');
  };
  return (
    <Card title="Log In">
      <Form layout="vertical" onFinish={(values: { email: string; password: string }) => void submit(values)}>
        <Form.Item label="Email" name="email" rules={[{ required: true }]}>
          <Input type="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true }]}>
          <Input.Password />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Log In
        </Button>
      </Form>
      <Link to="/signup">Create an account</Link> {session.data}
    </Card>
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<LoginPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </ConfigProvider>,
);
