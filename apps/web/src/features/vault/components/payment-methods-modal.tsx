import { Button, Radio, Stack, Table, Text } from '@mantine/core';
import type { VaultCustomer } from '@portico/contracts/vault/vault';
import { useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { addressLinesOf, cardNotPresentLink, customerNameOf } from '../utils/vault.utils';

type PaymentMethodsModalProps = {
  customer: VaultCustomer | null;
  // The merchant's publishable key when the caller may use the virtual terminal there.
  publicKey: string | null;
  onClose: () => void;
};

// Customer Payment Methods: tokens without their first segment; the selected method shows
// its billing address and opens the virtual terminal with it.
export function PaymentMethodsModal({ customer, publicKey, onClose }: PaymentMethodsModalProps) {
  const { formatDateTime } = useDateTimeFormatters();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const methods = customer?.payment_methods ?? [];
  const selected = methods.find((method) => method.id === selectedId) ?? null;

  return (
    <Modal
      isOpen={customer !== null}
      title="Customer Payment Methods"
      onClose={onClose}
      onHidden={() => setSelectedId(null)}
      isLarge
    >
      {customer !== null && (
        <Stack gap="sm">
          <Text fw={600}>{customerNameOf(customer)}</Text>
          {methods.length === 0 ? (
            <Text c="dimmed">No saved payment methods.</Text>
          ) : (
            <Radio.Group
              value={selectedId}
              onChange={setSelectedId}
              label="Select a payment method"
              name="vault-payment-method"
            >
              <Table.ScrollContainer minWidth={320}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th />
                      <Table.Th>Type</Table.Th>
                      <Table.Th>Token</Table.Th>
                      <Table.Th>Saved</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {methods.map((method) => (
                      <Table.Tr key={method.id}>
                        <Table.Td>
                          <Radio value={method.id} aria-label={`${method.issuer} ${method.token}`} />
                        </Table.Td>
                        <Table.Td>{method.issuer}</Table.Td>
                        <Table.Td>{method.token}</Table.Td>
                        <Table.Td>{formatDateTime(method.created_at)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Radio.Group>
          )}
          {selected !== null && (
            <Stack gap={4} aria-label="Billing address" role="group">
              <Text fw={600}>
                {selected.issuer} {selected.token}
              </Text>
              <Text size="sm" fw={500}>
                Billing Address
              </Text>
              {addressLinesOf(selected.billing_address).map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))}
              {publicKey !== null && (
                <Button
                  component={Link}
                  to={cardNotPresentLink(publicKey, customer.id, selected.id)}
                  variant="light"
                  mt="xs"
                >
                  Charge This Method
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
