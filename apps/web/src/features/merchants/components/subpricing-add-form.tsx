import { Alert, Button, Group, TextInput } from '@mantine/core';
import { SubpricingText } from '@portico/contracts/clients/subpricing';
import { useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useSaveSubpricingRows } from '../api/save-subpricing';

// Staff add the sub-pricing of one more MCC code (subpricing add is admin and healnow).
export function SubpricingAddForm({ clientId }: { clientId: string }) {
  const [mccCode, setMccCode] = useState('');
  const [label, setLabel] = useState('');
  const [cardRate, setCardRate] = useState('');
  const save = useSaveSubpricingRows(clientId);
  const add = () =>
    save.mutate(
      [
        {
          client_id: clientId,
          mcc_code: mccCode.trim(),
          label: label.trim() === '' ? null : label.trim(),
          card_rate: cardRate.trim() === '' ? null : cardRate.trim(),
        },
      ],
      {
        onSuccess: () => {
          setMccCode('');
          setLabel('');
          setCardRate('');
          void showToast({ text: SubpricingText.Added, type: 'success' });
        },
      },
    );
  return (
    <form
      aria-label="Add sub-pricing"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="MCC Code"
          placeholder="Enter 4-Digit Code"
          required
          value={mccCode}
          onChange={(event) => setMccCode(event.currentTarget.value)}
        />
        <TextInput label="Label" value={label} onChange={(event) => setLabel(event.currentTarget.value)} />
        <TextInput
          label="Card Rate"
          placeholder="2.90+0.30"
          value={cardRate}
          onChange={(event) => setCardRate(event.currentTarget.value)}
        />
        <Button type="submit" loading={save.isPending}>
          Add Subpricing
        </Button>
      </Group>
      {save.error ? (
        <Alert color="red" mt="sm" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
    </form>
  );
}
